import { describe, expect, it } from 'vitest';
import { careSheetFromProfile, careSheetSchema, emergencyContactProblem, missingCareSheetsMessage, normaliseIndianPhone } from './care-sheet';
import { formatCareTime, formatCareTimes } from './care-times';
import { careDue, tickText, updateReminderDue } from './care-log';
import { stayUpdateFieldsSchema } from './update-form';
import { canCheckOut, careSheetsEditable, checkInProblem, hostMayReadCareSheets, stayStage } from './stage';
import { daysWithoutUpdate, sendsDailyUpdates, stayDays, UPDATE_SHARE_STAYS, updateShare, type UpdatedStay } from './daily-updates';
import { RECOMMENDED_UPDATE_WEIGHT, recommendedScore } from '../search-sorts';
import { ARRIVAL_MESSAGES, arrivalMissed, confirmHomeProblem, homeQuestionOpen, lateArrivalResolution, missedArrivalText } from './arrival';

const stay = (status: string, start = '2026-12-10', end = '2026-12-13') => ({ status, start_date: start, end_date: end }) as Parameters<typeof checkInProblem>[0];

describe('check-in', () => {
  it('is allowed for a paid stay from its check-in day until the day before check-out', () => {
    expect(checkInProblem(stay('confirmed'), '2026-12-09')).toBe('too_early');
    expect(checkInProblem(stay('confirmed'), '2026-12-10')).toBeNull();
    expect(checkInProblem(stay('confirmed'), '2026-12-12')).toBeNull();
    expect(checkInProblem(stay('confirmed'), '2026-12-13')).toBe('too_late');
  });

  it('is refused for a stay not paid, already under way or over', () => {
    for (const status of ['requested', 'awaiting_payment', 'cancelled', 'lapsed', 'declined', 'expired']) expect(checkInProblem(stay(status), '2026-12-10')).toBe('not_paid');
    expect(checkInProblem(stay('in_stay'), '2026-12-10')).toBe('already_arrived');
    expect(checkInProblem(stay('completed'), '2026-12-10')).toBe('over');
  });

  it('check-out is for a stay under way, on any of its days', () => {
    expect(canCheckOut(stay('in_stay'))).toBe(true);
    expect(canCheckOut(stay('confirmed'))).toBe(false);
    expect(canCheckOut(stay('completed'))).toBe(false);
  });
});

describe('where a paid stay is', () => {
  it.each([
    ['confirmed', '2026-12-05', { kind: 'arrives_in', days: 5 }],
    ['confirmed', '2026-12-09', { kind: 'arrives_tomorrow' }],
    ['confirmed', '2026-12-10', { kind: 'arrives_today' }],
    ['confirmed', '2026-12-11', { kind: 'not_checked_in' }],
    ['confirmed', '2026-12-13', null],
    ['in_stay', '2026-12-10', { kind: 'staying', day: 1, nights: 3 }],
    ['in_stay', '2026-12-11', { kind: 'staying', day: 2, nights: 3 }],
    ['in_stay', '2026-12-12', { kind: 'staying', day: 3, nights: 3 }],
    ['in_stay', '2026-12-13', { kind: 'goes_home_today' }],
    ['completed', '2026-12-14', { kind: 'gone_home' }],
    ['requested', '2026-12-10', null],
    ['awaiting_payment', '2026-12-10', null],
    ['cancelled', '2026-12-10', null],
  ])('%s on %s: %o', (status, today, stage) => {
    const checkedIn = status === 'in_stay' || status === 'completed' ? '2026-12-10T05:00:00.000Z' : null;
    expect(stayStage({ ...stay(status), checked_in_at: checkedIn, no_show: false }, today)).toEqual(stage);
  });

  it('says a completed stay that was never checked in did not happen as booked, not one from before check-ins', () => {
    expect(stayStage({ ...stay('completed'), checked_in_at: null, no_show: true }, '2026-12-14')).toEqual({ kind: 'never_checked_in' });
    expect(stayStage({ ...stay('completed'), checked_in_at: '2026-12-11T05:00:00.000Z', no_show: true }, '2026-12-14')).toEqual({ kind: 'gone_home' });
    expect(stayStage({ ...stay('completed'), checked_in_at: null, no_show: false }, '2026-12-14')).toEqual({ kind: 'gone_home' });
  });
});

describe('who reads and writes the care sheets', () => {
  it('the host reads them from confirmation until 7 days after the stay', () => {
    expect(hostMayReadCareSheets(stay('awaiting_payment'), '2026-12-01')).toBe(false);
    expect(hostMayReadCareSheets(stay('confirmed'), '2026-12-01')).toBe(true);
    expect(hostMayReadCareSheets(stay('in_stay'), '2026-12-11')).toBe(true);
    expect(hostMayReadCareSheets(stay('completed'), '2026-12-20')).toBe(true);
    expect(hostMayReadCareSheets(stay('completed'), '2026-12-21')).toBe(false);
    expect(hostMayReadCareSheets(stay('cancelled'), '2026-12-01')).toBe(false);
  });

  it('the guest writes them once paid, until the pet goes home', () => {
    expect(['requested', 'awaiting_payment', 'confirmed', 'in_stay', 'completed', 'cancelled'].filter((s) => careSheetsEditable({ status: s as never }))).toEqual(['confirmed', 'in_stay']);
  });
});

describe('the care sheet', () => {
  const valid = {
    food: { what: 'Kibble', amount: '1 cup', times: ['19:00', '08:00', '08:00'] },
    medicines: [],
    walks: '',
    habits: '',
    house_training: '',
    vet: { name: 'Dr. Mehta', clinic: 'Paws Clinic', phone: '079-2640-1234' },
    emergency_contact: { name: 'Kiran Shah', phone: '+91 98250 12345' },
  };

  it('keeps times once each, in the day\'s order, and phones as E.164', () => {
    const sheet = careSheetSchema.parse(valid);
    expect(sheet.food.times).toEqual(['08:00', '19:00']);
    expect(sheet.vet.phone).toBe('+917926401234');
    expect(sheet.emergency_contact.phone).toBe('+919825012345');
  });

  it('reads Indian mobiles and landlines, and refuses what is neither', () => {
    expect(normaliseIndianPhone('98765 43210')).toBe('+919876543210');
    expect(normaliseIndianPhone('(079) 2640 1234')).toBe('+917926401234');
    expect(normaliseIndianPhone('0098765')).toBeNull();
    expect(normaliseIndianPhone('+1 415 555 0100')).toBeNull();
    expect(normaliseIndianPhone('0000000000')).toBeNull();
  });

  it('needs food, a feeding time, a vet and an emergency contact; medicines need a name, dose and time', () => {
    const result = careSheetSchema.safeParse({ ...valid, food: { what: ' ', amount: '', times: [] }, medicines: [{ name: '', dose: '', times: [] }] });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      'food.what': 'Say what your pet eats',
      'food.amount': 'Say how much, for example 1 cup',
      'food.times': 'Add at least one feeding time',
      'medicines.0.name': "Enter the medicine's name",
      'medicines.0.dose': 'Enter the dose',
      'medicines.0.times': 'Add at least one time for this medicine',
    });
    expect(careSheetSchema.safeParse({ ...valid, food: { ...valid.food, times: ['8am'] } }).success).toBe(false);
    expect(careSheetSchema.safeParse({ ...valid, food: { ...valid.food, times: ['08:00', '10:00', '12:00', '14:00', '16:00'] } }).success).toBe(false);
  });

  it('begins from the profile: its temperament and notes become the habits', () => {
    expect(careSheetFromProfile({ temperament: 'Shy', notes: 'Hates the vacuum cleaner' }).habits).toBe('Shy\nHates the vacuum cleaner');
    expect(careSheetFromProfile({ temperament: null, notes: ' ' }).habits).toBe('');
  });

  it('the emergency contact is not the guest', () => {
    const sheet = careSheetSchema.parse(valid);
    expect(emergencyContactProblem(sheet, { name: 'Aditi Sharma', phone: '+919876543210' })).toBeNull();
    expect(emergencyContactProblem(sheet, { name: 'Aditi', phone: '98250 12345' })).toBe('The emergency contact must be someone other than you');
    expect(emergencyContactProblem(sheet, { name: 'KIRAN  shah', phone: null })).toBe('The emergency contact must be someone other than you');
  });

  it('names the pets whose sheet is missing', () => {
    expect(missingCareSheetsMessage(['Bruno'])).toBe('Complete the care sheet for Bruno');
    expect(missingCareSheetsMessage(['Bruno', 'Coco'])).toBe('Complete the care sheets for Bruno and Coco');
    expect(missingCareSheetsMessage(['Bruno', 'Coco', 'Max'])).toBe('Complete the care sheets for Bruno, Coco and Max');
  });

  it('writes times as people read them', () => {
    expect(['00:05', '08:00', '12:30', '20:00'].map(formatCareTime)).toEqual(['12:05 am', '8:00 am', '12:30 pm', '8:00 pm']);
    expect(formatCareTimes(['08:00', '13:00', '19:00'])).toBe('8:00 am, 1:00 pm and 7:00 pm');
  });
});

describe('the care log against the care sheet', () => {
  const sheet = careSheetSchema.parse({
    food: { what: 'Kibble', amount: '1 cup', times: ['08:00', '19:00'] },
    medicines: [{ name: 'Apoquel', dose: 'Half', times: ['20:00'] }],
    walks: '',
    habits: '',
    house_training: '',
    vet: { name: 'Dr. Mehta', clinic: 'Paws', phone: '98250 12345' },
    emergency_contact: { name: 'Kiran', phone: '98250 54321' },
  });
  const pets = [{ id: 'b', name: 'Bruno', sheet }];

  it('asks for each time that has come and is not ticked, earliest first', () => {
    expect(careDue(pets, [], '07:59')).toEqual([]);
    expect(careDue(pets, [], '08:00')).toEqual(["Bruno's food due at 8:00 am: not yet ticked"]);
    expect(careDue(pets, [], '21:00')).toEqual([
      "Bruno's food due at 8:00 am: not yet ticked",
      "Bruno's food due at 7:00 pm: not yet ticked",
      'Apoquel for Bruno due at 8:00 pm: not yet ticked',
    ]);
  });

  it('counts ticks of the pet, of the kind and of that medicine', () => {
    const fed = { pet_id: 'b', kind: 'fed' as const, at: '08:10' };
    expect(careDue(pets, [fed], '21:00')).toEqual(["Bruno's food due at 7:00 pm: not yet ticked", 'Apoquel for Bruno due at 8:00 pm: not yet ticked']);
    expect(careDue(pets, [fed, { ...fed, at: '19:05' }, { pet_id: 'b', kind: 'medicine', at: '20:02', medicine: 'apoquel ' }], '21:00')).toEqual([]);
    // Another pet's tick, or another medicine, does not count.
    expect(careDue(pets, [{ ...fed, pet_id: 'c' }, { pet_id: 'b', kind: 'medicine', at: '20:00', medicine: 'Other' }], '20:30')).toHaveLength(3);
    // A pet without a sheet asks nothing.
    expect(careDue([{ id: 'c', name: 'Coco', sheet: null }], [], '23:00')).toEqual([]);
  });

  it('says what a tick was', () => {
    expect(tickText({ kind: 'walked', at: '07:30' })).toBe('Walked at 7:30 am');
    expect(tickText({ kind: 'medicine', at: '20:00', medicine: 'Apoquel' })).toBe('Apoquel given at 8:00 pm');
    expect(tickText({ kind: 'medicine', at: '20:00' })).toBe('Medicine given at 8:00 pm');
  });

  it('reminds the host from 8 pm of a day under way without an update', () => {
    expect(updateReminderDue({ status: 'in_stay' }, 0, 19)).toBe(false);
    expect(updateReminderDue({ status: 'in_stay' }, 0, 20)).toBe(true);
    expect(updateReminderDue({ status: 'in_stay' }, 1, 21)).toBe(false);
    expect(updateReminderDue({ status: 'confirmed' }, 0, 21)).toBe(false);
  });

  it('checks an update\'s words and ticks', () => {
    const pet = '7a1b3c4d-0000-4000-8000-000000000001';
    expect(stayUpdateFieldsSchema.parse({ note: '  Good day ', log: [{ pet_id: pet.toUpperCase(), kind: 'fed', at: '08:00' }] })).toEqual({
      note: 'Good day',
      log: [{ pet_id: pet, kind: 'fed', at: '08:00', medicine: null }],
    });
    expect(stayUpdateFieldsSchema.safeParse({ log: [{ pet_id: pet, kind: 'fed', at: '24:00' }] }).success).toBe(false);
    expect(stayUpdateFieldsSchema.safeParse({ log: Array(41).fill({ pet_id: pet, kind: 'fed', at: '08:00' }) }).success).toBe(false);
    expect(stayUpdateFieldsSchema.safeParse({ note: 'x'.repeat(1001) }).success).toBe(false);
  });
});

describe('"Sends daily updates"', () => {
  const everyDay = (start: string, end: string): UpdatedStay => ({ start_date: start, end_date: end, update_days: stayDays(start, end) });

  it('expects an update on each night of a stay: from the check-in day to the day before check-out', () => {
    expect(stayDays('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(stayDays('2026-12-30', '2026-12-31')).toEqual(['2026-12-30']);
    expect(daysWithoutUpdate({ start_date: '2026-12-30', end_date: '2027-01-02', update_days: ['2026-12-30', '2027-01-01', '2027-01-02'] })).toEqual(['2026-12-31']);
    // Two updates on one day do not stand in for a day without one.
    expect(daysWithoutUpdate({ start_date: '2026-12-30', end_date: '2027-01-01', update_days: ['2026-12-30', '2026-12-30'] })).toEqual(['2026-12-31']);
  });

  it("is earned once the host's last five stays each had an update on every day, and lost with one day missed", () => {
    const five = ['2026-11-01', '2026-10-20', '2026-10-10', '2026-10-01', '2026-09-20'].map((start) => everyDay(start, `${start.slice(0, 8)}${String(Number(start.slice(8)) + 3).padStart(2, '0')}`));
    expect(sendsDailyUpdates(five)).toBe(true);
    // Four stays are not yet a record.
    expect(sendsDailyUpdates(five.slice(0, 4))).toBe(false);
    expect(sendsDailyUpdates([])).toBe(false);
    // One day missed in the last five loses it...
    const missed = five.map((stay, i) => (i === 2 ? { ...stay, update_days: stay.update_days.slice(1) } : stay));
    expect(sendsDailyUpdates(missed)).toBe(false);
    // ...until five newer stays have each had their updates: an older stay no longer counts.
    expect(sendsDailyUpdates([...five, { ...five[0]!, update_days: [] }])).toBe(true);
  });

  it("counts the share of the days of a home's latest ten stays that had an update, and lifts its recommended order by up to half a star", () => {
    const stay = (start: string, end: string, update_days: string[]): UpdatedStay => ({ start_date: start, end_date: end, update_days });
    expect(updateShare([])).toBeNull();
    // Three days with an update (one of them twice, one day after the stay not counted) of five.
    const two = [stay('2026-11-10', '2026-11-13', ['2026-11-10', '2026-11-10', '2026-11-12', '2026-11-13']), stay('2026-11-01', '2026-11-03', ['2026-11-02'])];
    expect(updateShare(two)).toBe(3 / 5);
    // Only the latest ten: an eleventh stay, older, changes nothing.
    const ten = Array.from({ length: 10 }, () => stay('2026-10-01', '2026-10-03', []));
    expect(updateShare([...ten, everyDay('2026-09-01', '2026-09-03')])).toBe(0);
    expect(updateShare([everyDay('2026-09-01', '2026-09-03'), ...ten])).toBe(2 / 20);
    expect(UPDATE_SHARE_STAYS).toBe(10);
    // The order: rating plus half a star for a home whose every stay day had an update.
    expect(recommendedScore(4.5, 1)).toBe(5);
    expect(recommendedScore(4.5, 0.5)).toBe(4.75);
    expect(recommendedScore(4.5, null)).toBe(recommendedScore(4.5, 0));
    // Never above a clearly better-rated home: 4.4 with every day updated stays below a silent 5.0.
    expect(recommendedScore(4.4, 1)).toBeLessThan(recommendedScore(5, 0));
    expect(RECOMMENDED_UPDATE_WEIGHT).toBe(0.5);
  });
});

describe('a stay not checked in, and the guest\'s "All well"', () => {
  it('asks what happened only of a paid stay whose check-in day is over', () => {
    expect(arrivalMissed({ status: 'confirmed', start_date: '2026-12-10' }, '2026-12-10')).toBe(false);
    expect(arrivalMissed({ status: 'confirmed', start_date: '2026-12-10' }, '2026-12-11')).toBe(true);
    for (const status of ['in_stay', 'completed', 'cancelled', 'awaiting_payment'] as const) expect(arrivalMissed({ status, start_date: '2026-12-10' }, '2026-12-12')).toBe(false);
  });

  it('words the question and its late answer for one pet and for several', () => {
    expect(missedArrivalText(['Bruno'], '2026-12-10')).toBe("Bruno was not checked in on Dec 10, the stay's first day. What happened?");
    expect(missedArrivalText(['Bruno', 'Coco'], '2026-12-10')).toBe("Bruno and Coco were not checked in on Dec 10, the stay's first day. What happened?");
    expect(lateArrivalResolution(['Bruno', 'Coco'], '2026-12-11')).toBe('Bruno and Coco arrived late and were checked in on Dec 11.');
  });

  it('asks "All well?" for 24 hours after the host\'s check-out, until the guest answers', () => {
    const out = '2026-12-13T06:00:00.000Z';
    const home = (over: object = {}) => ({ status: 'completed' as const, checked_out_at: out, home_confirmed_at: null, ...over });
    const at = (hours: number) => new Date(Date.parse(out) + hours * 3_600_000);
    expect(homeQuestionOpen(home(), at(0))).toBe(true);
    expect(homeQuestionOpen(home(), at(23.99))).toBe(true);
    expect(homeQuestionOpen(home(), at(24))).toBe(false);
    expect(confirmHomeProblem(home(), at(24))).toBe(ARRIVAL_MESSAGES.homeWindow);
    expect(confirmHomeProblem(home(), at(1))).toBeNull();
    expect(confirmHomeProblem(home({ home_confirmed_at: at(1).toISOString() }), at(2))).toBe(ARRIVAL_MESSAGES.homeConfirmed);
    // Completed by the lifecycle job, with no check-out pressed: nothing to confirm.
    expect(homeQuestionOpen(home({ checked_out_at: null }), at(1))).toBe(false);
    expect(homeQuestionOpen({ ...home(), status: 'in_stay' }, at(1))).toBe(false);
  });
});

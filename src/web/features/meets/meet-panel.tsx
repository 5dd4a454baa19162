import { lazy, Suspense, useEffect, useState } from 'react';
import { CalendarCheck, Handshake, Loader2, MapPin, Video } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MeetView } from '@/domain/contracts/meet';
import type { IsoDate } from '@/domain/dates';
import type { MeetOutcome } from '@/domain/stays/meet';
import { formatMeetingTime } from './meet-time';
import { ownWords } from '@/web/i18n/verbatim';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useConfirmMeet, useMarkMeet } from './api';
import { meetNeededId } from './meet-ids';

// The form (and the proposal's checks) is fetched when a meet is proposed: most cards never do.
const ProposeMeetDialog = /* @__PURE__ */ lazy(() => import('./propose-meet-dialog').then((m) => ({ default: m.ProposeMeetDialog })));

export type MeetBooking = {
  id: string;
  start_date: IsoDate;
  meet: MeetView | null;
  can_propose_meet: boolean;
  meet_needed: boolean;
};

/** What a meet's outcome is called, in the page's language. */
const OUTCOME_NAME: Record<MeetOutcome, MessageDescriptor> = { met: msg`Met`, missed: msg`Didn't happen` };

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : fallback);

/**
 * A booking's meet & greet (PRODUCT.md section 10), on the guest's and the host's cards: propose
 * times, confirm one the other side offered, and after the time say whether you met. Nothing when
 * there is nothing to do or show.
 */
export function MeetPanel({ booking, viewer, other }: { booking: MeetBooking; viewer: 'guest' | 'host'; other: string }) {
  const [proposing, setProposing] = useState(false);
  const { t } = useLingui();
  // The button pressed (a time, Met) is gone once the answer is drawn: focus goes to what it set.
  const [focusId, setFocusId] = useState<string>();
  useEffect(() => {
    const target = focusId && document.getElementById(focusId);
    if (!target) return;
    target.focus();
    setFocusId(undefined);
  });
  // Drawn only for a card with a meet to show or to propose (lazy-meet-panel.tsx asks).
  const { meet, can_propose_meet: canPropose, meet_needed: needed } = booking;

  const them = ownWords(other);
  const proposeLabel = meet && meet.outcome !== 'missed' ? t`Propose other times` : t`Propose a meet & greet`;
  return (
    // A group, not a region: a list of booking cards would have many landmarks of one name.
    <div role="group" aria-labelledby={`meet-${booking.id}`} className="rounded-2xl bg-sand-50 px-4 py-3.5 ring-1 ring-sand-200" data-testid="meet-panel">
      <h3 id={`meet-${booking.id}`} className="flex items-center gap-2 text-[0.9375rem] font-bold text-stone-900">
        <Handshake className="size-4 text-primary-700" aria-hidden="true" />
        <Trans>Meet & greet</Trans>
      </h3>
      {/* The guest is told once; while a meet is being arranged the panel says where it stands. */}
      {needed && (viewer === 'host' || !meet || meet.outcome === 'missed') && (
        <p id={meetNeededId(booking.id)} className="mt-1.5 text-sm font-medium text-orange-900" data-testid="meet-needed">
          {viewer === 'host' ? (
            <Trans>Your listing asks to meet new guests first: you can accept once you mark a meet with {them} Met.</Trans>
          ) : (
            <Trans>
              {them} meets new guests before a first stay: propose a meet & greet. Once {them} marks it Met, they can accept, or you can ask again.
            </Trans>
          )}
        </p>
      )}
      {meet ? <MeetState meet={meet} other={other} onDone={setFocusId} /> : (
        <p className="mt-1.5 text-sm text-stone-700">
          <Trans>Meet before the stay, at the home or by video call. It is free and commits nobody.</Trans>
        </p>
      )}
      {canPropose && (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setProposing(true)}>
          {proposeLabel}
        </Button>
      )}
      {proposing && (
        <Suspense fallback={null}>
          <ProposeMeetDialog bookingId={booking.id} startDate={booking.start_date} other={other} viewer={viewer} open={proposing} onOpenChange={setProposing} />
        </Suspense>
      )}
    </div>
  );
}

function Place({ meet }: { meet: MeetView }) {
  const Icon = meet.mode === 'video' ? Video : MapPin;
  return (
    <p className="mt-1 flex items-start gap-1.5 text-sm text-stone-700">
      <Icon className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
      {meet.mode === 'video' ? (
        <span className="min-w-0 break-words">
          <Trans>By video call: agree the app in messages</Trans>
        </span>
      ) : (
        <span className="min-w-0 break-words" translate="no">
          {meet.place}
        </span>
      )}
    </p>
  );
}

type Done = (focusId: string) => void;

function MeetState({ meet, other, onDone }: { meet: MeetView; other: string; onDone: Done }) {
  const { i18n } = useLingui();
  const count = meet.times.length;
  const them = ownWords(other);
  if (meet.status === 'confirmed' && meet.at) {
    return (
      <div className="mt-1.5">
        <p id={`meet-time-${meet.id}`} tabIndex={-1} className="flex items-center gap-1.5 text-[0.9375rem] font-semibold text-stone-900 outline-none" data-testid="meet-time">
          <CalendarCheck className="size-4 text-emerald-700" aria-hidden="true" />
          {formatMeetingTime(meet.at, i18n)}
        </p>
        <Place meet={meet} />
        {meet.outcome && (
          <p id={`meet-outcome-${meet.id}`} tabIndex={-1} className="mt-2 text-sm font-semibold text-stone-800 outline-none" data-testid="meet-outcome">
            {i18n._(OUTCOME_NAME[meet.outcome])}
            <span className="font-normal text-stone-600">{meet.outcome_by_me ? <Trans>, marked by you</Trans> : <Trans>, marked by {them}</Trans>}</span>
          </p>
        )}
        {meet.can_mark ? (
          <OutcomeButtons meet={meet} onDone={onDone} question={meet.outcome ? i18n._(msg`Did you meet? Your answer is the one that counts.`) : i18n._(msg`Did you meet?`)} />
        ) : (
          !meet.outcome && (
            <p className="mt-2 text-sm text-stone-600">
              <Trans>After you meet, mark here whether it happened.</Trans>
            </p>
          )
        )}
      </div>
    );
  }
  return (
    <div className="mt-1.5">
      <p className="text-sm text-stone-700">
        {meet.proposed_by_me ? (
          <Plural value={count} one={`You offered a time. Waiting for ${them} to choose.`} other={`You offered # times. Waiting for ${them} to choose.`} />
        ) : (
          <Plural value={count} one={`${them} proposes a time. Choose one, or propose others.`} other={`${them} proposes # times. Choose one, or propose others.`} />
        )}
      </p>
      <Place meet={meet} />
      {meet.note && (
        <p className="mt-1.5 text-sm break-words whitespace-pre-line text-stone-700" translate="no">
          “{meet.note}”
        </p>
      )}
      <TimeChoices meet={meet} onDone={onDone} />
    </div>
  );
}

function TimeChoices({ meet, onDone }: { meet: MeetView; onDone: Done }) {
  const confirm = useConfirmMeet(meet.id);
  const { t, i18n } = useLingui();
  const choose = async (time: string) => {
    try {
      await confirm.mutateAsync(time);
      onDone(`meet-time-${meet.id}`);
      const when = formatMeetingTime(time, i18n);
      toast.success(t`Meet & greet confirmed for ${when}.`);
    } catch (err) {
      toast.error(failure(err, t`Failed to confirm the time`));
    }
  };
  return (
    <ul className="mt-2.5 flex flex-col gap-2">
      {meet.times.map((time) => {
        // The server's word, so that its page and the app agree (and a wrong clock here cannot offer a time gone).
        const passed = !meet.times_open.includes(time);
        const when = formatMeetingTime(time, i18n);
        return (
          <li key={time} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 rounded-xl bg-white px-3 py-2 ring-1 ring-sand-200">
            <span className={passed ? 'text-sm text-stone-500 line-through' : 'text-sm font-semibold text-stone-900'}>{when}</span>
            {meet.can_confirm && !passed && (
              <Button size="sm" onClick={() => void choose(time)} disabled={confirm.isPending} aria-label={t`Confirm ${when}`}>
                {confirm.isPending && confirm.variables === time && <Loader2 className="animate-spin" aria-hidden="true" />}
                <Trans>Confirm this time</Trans>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function OutcomeButtons({ meet, onDone, question }: { meet: MeetView; onDone: Done; question: string }) {
  const mark = useMarkMeet(meet.id);
  const { t, i18n } = useLingui();
  const say = async (outcome: MeetOutcome) => {
    try {
      await mark.mutateAsync(outcome);
      onDone(`meet-outcome-${meet.id}`);
      toast.success(outcome === 'met' ? t`Marked as met.` : t`Marked as didn't happen. You can propose new times.`);
    } catch (err) {
      toast.error(failure(err, t`Failed to mark the meet & greet`));
    }
  };
  return (
    <div className="mt-2.5">
      <p className="text-sm text-stone-700">{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void say('met')} disabled={mark.isPending}>
          {i18n._(OUTCOME_NAME.met)}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void say('missed')} disabled={mark.isPending}>
          {i18n._(OUTCOME_NAME.missed)}
        </Button>
      </div>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { createI18n } from '@/web/i18n/i18n';
import { inPageLanguage } from '@/web/i18n/known-words';
import { refundOutlook } from './refund-outlook';

const india = (local: string) => new Date(`${local.replace(' ', 'T')}:00+05:30`);

describe('the refund outlook a guest reads before asking and on their booking', () => {
  it('names the deadline in India time with the share while it is ahead, and says when check-in is too close', async () => {
    const en = await createI18n('en');
    expect(refundOutlook('moderate', '2026-03-14', india('2026-03-09 14:00'), en)).toBe('Full refund until 9 Mar, 2:00 pm');
    expect(refundOutlook('flexible', '2026-03-14', india('2026-03-01 09:00'), en)).toBe('Full refund until 13 Mar, 2:00 pm');
    expect(refundOutlook('strict', '2026-03-14', india('2026-03-01 09:00'), en)).toBe('50% refund until 7 Mar, 2:00 pm');
    // Across a month's end.
    expect(refundOutlook('strict', '2026-04-02', india('2026-03-20 09:00'), en)).toBe('50% refund until 26 Mar, 2:00 pm');
    expect(refundOutlook('moderate', '2026-03-14', india('2026-03-09 14:01'), en)).toBe('Non-refundable: check-in is too close for a refund under the moderate policy');
  });

  it('says it in Gujarati and Hindi, the policy by its name there', async () => {
    const [gu, hi] = await Promise.all([createI18n('gu'), createI18n('hi')]);
    for (const i18n of [gu, hi]) {
      const full = refundOutlook('moderate', '2026-03-14', india('2026-03-09 14:00'), i18n);
      const half = refundOutlook('strict', '2026-03-14', india('2026-03-01 09:00'), i18n);
      const none = refundOutlook('moderate', '2026-03-14', india('2026-03-09 14:01'), i18n);
      for (const line of [full, half, none]) expect(line).not.toMatch(/refund|policy|Mar/);
      expect(full).toContain('9');
      expect(half).toContain('50%');
      expect(none).toContain(inPageLanguage(i18n, 'Moderate'));
    }
  });
});

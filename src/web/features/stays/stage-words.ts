import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { StayStage } from '@/domain/stays/stage';

/** Where a paid stay is, in the page's language: "Arrives in 3 days", "Staying: day 2 of 3". */
export function stageWords(stage: StayStage, i18n: I18n): string {
  switch (stage.kind) {
    case 'arrives_in': {
      const { days } = stage;
      return i18n._(msg`${plural(days, { one: 'Arrives in # day', other: 'Arrives in # days' })}`);
    }
    case 'arrives_tomorrow':
      return i18n._(msg`Arrives tomorrow`);
    case 'arrives_today':
      return i18n._(msg`Arrives today`);
    case 'not_checked_in':
      return i18n._(msg`Not checked in yet`);
    case 'staying': {
      const { day, nights } = stage;
      return i18n._(msg`Staying: day ${day} of ${nights}`);
    }
    case 'goes_home_today':
      return i18n._(msg`Goes home today`);
    case 'gone_home':
      return i18n._(msg`Gone home`);
    case 'never_checked_in':
      return i18n._(msg`Never checked in`);
  }
}

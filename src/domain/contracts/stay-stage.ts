import { z } from 'zod';
import type { StayStage } from '../stays/stage';

const count = z.number().int().min(0);

/** Where a paid stay is (domain/stays/stage.ts): its kind, with the days it counts. */
export const stayStageSchema: z.ZodType<StayStage> = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('arrives_in'), days: count.describe('Days until check-in, 2 or more') }),
    z.object({ kind: z.enum(['arrives_tomorrow', 'arrives_today', 'not_checked_in', 'goes_home_today', 'gone_home', 'never_checked_in']) }),
    z.object({ kind: z.literal('staying'), day: count.describe('Which day of the stay today is, from 1'), nights: count }),
  ])
  .describe('Where a paid stay is: "arrives_in" (days), "arrives_tomorrow", "arrives_today", "not_checked_in", "staying" (day of nights), "goes_home_today", "gone_home", "never_checked_in"');

import { z } from 'zod';
import { ARRIVAL_ANSWERS, ARRIVAL_MESSAGES } from './arrival';

// Either side's answer to "What happened?" on a stay not checked in (domain/stays/arrival.ts).

export const arrivalAnswerSchema = z.object({
  answer: z.enum(ARRIVAL_ANSWERS, { error: ARRIVAL_MESSAGES.answer }),
});

export type ArrivalAnswerInput = z.input<typeof arrivalAnswerSchema>;

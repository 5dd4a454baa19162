import { z } from 'zod';

// A pet's care sheet as the API answers it: on the stay (stay.ts) and in the operators' incident (incident.ts).

/** A care sheet as stored and answered: what the schema made of the guest's input. */
export const careSheetOut = z.object({
  food: z.object({ what: z.string(), amount: z.string(), times: z.array(z.string()) }),
  medicines: z.array(z.object({ name: z.string(), dose: z.string(), times: z.array(z.string()) })),
  walks: z.string(),
  habits: z.string(),
  house_training: z.string(),
  vet: z.object({ name: z.string(), clinic: z.string(), phone: z.string() }),
  emergency_contact: z.object({ name: z.string(), phone: z.string() }),
});

export type CareSheetOut = z.infer<typeof careSheetOut>;

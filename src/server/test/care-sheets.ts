import type { CareSheetInput } from '../../domain/stays/care-sheet';

/** The least a care sheet must say (domain/stays/care-sheet.ts), for tests and scripts that need a stay that can be checked in. */
export const MINIMAL_CARE_SHEET: CareSheetInput = {
  food: { what: 'Kibble', amount: '1 cup', times: ['08:00'] },
  medicines: [],
  walks: '',
  habits: '',
  house_training: '',
  vet: { name: 'Dr. Mehta', clinic: 'Paws Clinic', phone: '079 2640 1234' },
  emergency_contact: { name: 'Kiran Shah', phone: '98250 12345' },
};

// What other parts of the server may use of host verification.
export { deleteDueIdFiles } from './service';

// What other features may use of the host side.
export { useSetListingStatus } from './api';

// What other features may use of the host side.
export { hostKeys, useSetListingStatus } from './api';

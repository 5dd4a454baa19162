// What other modules may use of the operators' side: the record every operator action writes.
export { recordAction } from './queries';
export { NoSuchAccountError, setOperator } from './operators';

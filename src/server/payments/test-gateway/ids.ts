import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id of Razorpay's shape: `order_`, `pay_`, `rfnd_`, `acc_`, `trf_`, `rvrsl_` or `evt_`, then 14 letters and digits. */
export function razorpayStyleId(prefix: 'order' | 'pay' | 'rfnd' | 'acc' | 'trf' | 'rvrsl' | 'evt' | 'rzp_test'): string {
  let id = '';
  for (let i = 0; i < 14; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}

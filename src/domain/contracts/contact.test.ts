import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact';

describe('contactSchema', () => {
  it('trims and accepts a valid message', () => {
    const parsed = contactSchema.parse({
      name: '  Asha ',
      email: ' asha@example.com ',
      subject: 'Hello there',
      message: 'A question about pets.',
    });
    expect(parsed.name).toBe('Asha');
    expect(parsed.email).toBe('asha@example.com');
  });

  it('words its errors as SPEC.md does', () => {
    const result = contactSchema.safeParse({ name: 'A', email: 'x', subject: 'Hey', message: 'short' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual([
      'Name must be at least 2 characters',
      'Invalid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]);
  });
});

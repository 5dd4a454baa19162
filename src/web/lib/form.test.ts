import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactSchema, type ContactInput } from '@/domain/contracts/contact';
import { errorsFromIssues, formActions, schemaValidator, type FormErrors, type Setters } from './form';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));
afterEach(() => vi.mocked(toast.error).mockClear());

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };
const GOOD: ContactInput = { name: 'Ira Shah', email: 'ira@example.com', subject: 'A question', message: 'Do you take rabbits too?' };

/** The actions over a plain state, as the hook's useState would hold it. */
function form(validate = schemaValidator<ContactInput, ContactInput>(async () => contactSchema)) {
  const state = { values: EMPTY, errors: {} as FormErrors<ContactInput>, submitting: [] as boolean[], submitted: false };
  const setters: Setters<ContactInput> = {
    setValues: (values) => (state.values = values),
    setErrors: (update) => (state.errors = update(state.errors)),
    setSubmitting: (on) => state.submitting.push(on),
    setSubmitted: (on) => (state.submitted = on),
  };
  return { state, actions: formActions({ defaultValues: EMPTY, validate }, setters) };
}

const type = (actions: ReturnType<typeof form>['actions'], name: keyof ContactInput, value: string) =>
  actions.register(name).onChange({ target: { value } } as never);

/** Lets the re-check after a change (a promise) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('errorsFromIssues', () => {
  it("keeps each field's first message, and names a nested issue after its top field", () => {
    const errors = errorsFromIssues([
      { path: ['title'], message: 'Title must be at least 10 characters' },
      { path: ['title'], message: 'a second message for the title' },
      { path: ['amenities', 3], message: 'Amenity too long' },
      { path: [], message: 'the whole form' },
    ]);
    expect(errors).toEqual({ title: 'Title must be at least 10 characters', amenities: 'Amenity too long', root: 'the whole form' });
  });
});

describe('schemaValidator', () => {
  it("answers the schema's output, or its messages word for word", async () => {
    const validate = schemaValidator<ContactInput, ContactInput>(async () => contactSchema);
    expect(await validate({ ...GOOD, name: '  Ira Shah  ' })).toEqual({ output: GOOD });
    expect(await validate({ ...GOOD, name: 'I', email: 'ira' })).toEqual({
      errors: { name: 'Name must be at least 2 characters', email: 'Invalid email address' },
    });
  });

  it('prepares the values first (the listing form turns its text into numbers)', async () => {
    const validate = schemaValidator<{ n: string }, unknown>(
      async () => (await import('zod')).z.object({ n: (await import('zod')).z.number().positive('Must be positive') }),
      (values) => ({ n: Number(values.n) }),
    );
    expect(await validate({ n: '5' })).toEqual({ output: { n: 5 } });
    expect(await validate({ n: '-5' })).toEqual({ errors: { n: 'Must be positive' } });
  });

  it('says so when the schema cannot be loaded, and loads again on the next try', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(contactSchema);
    const validate = schemaValidator<ContactInput, ContactInput>(load);
    expect(await validate(GOOD)).toBeUndefined();
    expect(toast.error).toHaveBeenCalledWith('This form could not be checked. Please check your connection and try again.');
    expect(await validate(GOOD)).toEqual({ output: GOOD });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the form', () => {
  it('hands valid values to onValid, and invalid ones to onInvalid with every message', async () => {
    const { state, actions } = form();
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    await actions.handleSubmit(onValid, onInvalid)();
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(state.errors);
    expect(Object.keys(state.errors)).toEqual(['name', 'email', 'subject', 'message']);
    expect(state.submitted).toBe(true);

    for (const [name, value] of Object.entries(GOOD)) type(actions, name as keyof ContactInput, value);
    await actions.handleSubmit(onValid, onInvalid)();
    expect(onValid).toHaveBeenCalledWith(GOOD);
    expect(state.errors).toEqual({});
    expect(state.submitting).toEqual([true, false, true, false]);
  });

  it('checks nothing while typing before the first submit', async () => {
    const { state, actions } = form();
    type(actions, 'name', 'I');
    await settle();
    expect(state.values.name).toBe('I');
    expect(state.errors).toEqual({});
  });

  it('after a submit, re-checks the changed field alone as it changes', async () => {
    const { state, actions } = form();
    await actions.handleSubmit(vi.fn())();
    type(actions, 'name', 'Ira');
    await settle();
    expect(state.errors.name).toBeUndefined();
    expect(state.errors.email).toBe('Invalid email address');
    type(actions, 'name', 'I');
    await settle();
    expect(state.errors.name).toBe('Name must be at least 2 characters');
  });

  it("keeps the server's message for a field until that field is changed", async () => {
    const { state, actions } = form();
    actions.reset(GOOD);
    await actions.handleSubmit(vi.fn())();
    actions.setError('email', 'This address cannot receive mail');
    type(actions, 'name', 'Ira S');
    await settle();
    expect(state.errors).toEqual({ email: 'This address cannot receive mail' });
    type(actions, 'email', 'ira.shah@example.com');
    await settle();
    expect(state.errors).toEqual({});
  });

  it('resets to new values as never submitted, and getValues reads the latest', async () => {
    const { state, actions } = form();
    await actions.handleSubmit(vi.fn())();
    actions.reset(GOOD);
    expect(actions.getValues()).toEqual(GOOD);
    expect(state.submitted).toBe(false);
    type(actions, 'name', 'I');
    await settle();
    expect(state.errors).toEqual({});
  });

  it('stops, changing nothing, when the form cannot be checked', async () => {
    const { state, actions } = form(async () => undefined);
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    await actions.handleSubmit(onValid, onInvalid)();
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).not.toHaveBeenCalled();
    expect(state.errors).toEqual({});
  });
});

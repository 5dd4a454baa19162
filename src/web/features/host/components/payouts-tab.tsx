import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Banknote, CircleCheck, Clock, Download, FlaskConical, Loader2, Smartphone, TriangleAlert, Undo2 } from 'lucide-react';
import { type PayoutAccountInput, payoutAccountSchema, type Payouts, ROUTE_LIMITS, taxProfileSchema } from '@/domain/contracts/payout';
import { formatCalendarMonth, formatDateRange, formatInstantInIndia, todayInIndia } from '@/domain/dates';
import { formatInr, formatPaise } from '@/domain/money/units';
import { inForce, percentText, rateOn, TAX_RATES, TDS_194O_EXEMPT_UP_TO } from '@/domain/money/tax-rates';
import { TEST_MODE_NOTICE } from '@/domain/test-mode';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadFailed, LoadingBlocks } from '@/web/components/load-states';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { payoutsQuery, statementsQuery, taxProfileQuery, useSavePayoutAccount, useSaveTaxProfile } from '../api';
import { PAYOUT_RELEASE_TEXT } from '@/domain/money/payout';

// /host?tab=payouts (issue 22): where the host is paid, their tax status, and their payouts,
// upcoming (held until PAYOUT_DELAY_HOURS after check-in) and paid. Its own chunk, loaded with its tab.

type Errors = Record<string, string | undefined>;

/** The withholdings in force today, from the rates module (tax-rates.ts). */
function withholdings(today = todayInIndia()): string {
  const tds = percentText(rateOn(TAX_RATES.tdsSection194O, today));
  const tdsNoPan = percentText(rateOn(TAX_RATES.tdsSection194ONoPan, today));
  const tcs = percentText(rateOn(TAX_RATES.tcsSection52, today));
  const smallSeller = formatInr(inForce(TDS_194O_EXEMPT_UP_TO, today).grossInr);
  return (
    `Indian law asks us to withhold ${tds} TDS (${tdsNoPan} without a PAN; none from an individual or HUF with a PAN while their stays come to ${smallSeller} or less in the financial year), ` +
    `and ${tcs} TCS from GST-registered hosts. Without GST registration, we pay the GST on your stays.`
  );
}
const withholdingsText = withholdings();

/** The schema's messages by field, or the server's when it still refuses. */
function issues(error: { issues: { path: PropertyKey[]; message: string }[] }): Errors {
  const out: Errors = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}
const serverErrors = (err: unknown): Errors =>
  err instanceof ApiError && err.status < 500 ? { ...err.fields, form: err.fields ? undefined : err.message } : { form: 'Could not save. Please try again.' };

function Card({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={cn('min-w-0 surface-card p-5 sm:p-6', className)}>
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PayoutAccountForm({ onDone }: { onDone?: () => void }) {
  const save = useSavePayoutAccount();
  const [kind, setKind] = useState<'bank' | 'upi'>('upi');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { 'kind-choice': _choice, ...form } = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const input = { kind, ...form } as PayoutAccountInput;
    const parsed = payoutAccountSchema.safeParse(input);
    if (!parsed.success) return setErrors(issues(parsed.error));
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      const what = `${saved?.kind === 'bank' ? 'bank account' : 'UPI ID'} ending ${saved?.last4}`;
      if (saved?.status === 'failed') toast.error(`Our payment partner could not use the ${what}. Check it and save it again.`);
      else toast.success(`Payout account saved: ${what}`);
      onDone?.();
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-900">Pay me by</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['upi', 'bank'] as const).map((k) => (
            <label
              key={k}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-2xl border px-4 py-3 text-[0.9375rem] font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary-600',
                kind === k ? 'border-primary-600 bg-primary-50' : 'border-stone-200',
              )}
            >
              <input type="radio" name="kind-choice" checked={kind === k} onChange={() => setKind(k)} className="size-4 accent-primary-700" />
              {k === 'upi' ? <Smartphone className="size-4 text-stone-500" aria-hidden="true" /> : <Banknote className="size-4 text-stone-500" aria-hidden="true" />}
              {k === 'upi' ? 'UPI ID' : 'Bank account'}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name on the account" error={errors.holder_name} hint="As your bank has it: at least 4 characters">
          {(p) => <Input {...p} name="holder_name" autoComplete="name" maxLength={ROUTE_LIMITS.beneficiaryName.max} />}
        </FormField>
        <FormField label="Mobile number" error={errors.phone} hint="Our payment partner asks for it">
          {(p) => <Input {...p} name="phone" type="tel" inputMode="tel" autoComplete="tel" />}
        </FormField>
      </div>
      {kind === 'upi' ? (
        <FormField label="UPI ID" error={errors.upi_id} hint="For example name@okhdfcbank">
          {(p) => <Input {...p} name="upi_id" autoCapitalize="none" spellCheck={false} />}
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Account number" error={errors.account_number}>
            {(p) => <Input {...p} name="account_number" inputMode="numeric" autoComplete="off" />}
          </FormField>
          <FormField label="IFSC" error={errors.ifsc} hint="11 characters, on your cheque book">
            {(p) => <Input {...p} name="ifsc" autoCapitalize="characters" spellCheck={false} />}
          </FormField>
        </div>
      )}
      {errors.form && <p role="alert" className="text-sm font-medium text-red-700">{errors.form}</p>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save payout account
        </Button>
      </div>
    </form>
  );
}

/** Whether our payment partner has set the account up to receive payouts, or why it could not. */
function AccountStatus({ account }: { account: NonNullable<Payouts['account']> }) {
  if (account.status === 'linked') {
    return (
      <p className="mt-1 flex items-center gap-1.5 text-sm text-emerald-800">
        <CircleCheck className="size-4" aria-hidden="true" /> Ready for payouts
      </p>
    );
  }
  if (account.status === 'pending') {
    return (
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
        <Clock className="size-4" aria-hidden="true" /> Being set up with our payment partner; your payouts wait meanwhile
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm font-medium text-red-700" data-testid="payout-account-problem">
      Our payment partner could not use this account: {account.problem} Change it to be paid.
    </p>
  );
}

function PayoutAccountCard({ account }: { account: Payouts['account'] }) {
  const [changing, setChanging] = useState(false);
  return (
    <Card title="Payout account">
      {account && !changing ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-stone-700">
              Paid to {account.holder_name}'s {account.kind === 'bank' ? 'bank account' : 'UPI ID'} ending <span className="font-semibold">{account.last4}</span>
            </p>
            <AccountStatus account={account} />
          </div>
          <Button variant={account.status === 'failed' ? 'primary' : 'outline'} size="sm" onClick={() => setChanging(true)}>
            Change
          </Button>
        </div>
      ) : (
        <>
          {!account && (
            <p className="mt-2 text-stone-600" data-testid="payout-account-prompt">
              {`Add where we should pay you. Your share of each paid stay is paid ${PAYOUT_RELEASE_TEXT}; without an account, it waits here.`}
            </p>
          )}
          <PayoutAccountForm onDone={() => setChanging(false)} />
        </>
      )}
    </Card>
  );
}

function TaxProfileCard() {
  const profile = useQuery(taxProfileQuery);
  const save = useSaveTaxProfile();
  const [registered, setRegistered] = useState<boolean>();
  const [errors, setErrors] = useState<Errors>({});
  const isRegistered = registered ?? profile.data?.gst_registered ?? false;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const input = { gst_registered: isRegistered, gstin: form.gstin ?? null, pan: form.pan ?? '' };
    const parsed = taxProfileSchema.safeParse(input);
    if (!parsed.success) return setErrors(issues(parsed.error));
    setErrors({});
    try {
      await save.mutateAsync(input);
      toast.success('Tax details saved. They apply to stays paid from now on.');
    } catch (err) {
      setErrors(serverErrors(err));
    }
  };
  return (
    <Card title="Tax details">
      <p className="mt-2 text-sm text-stone-600">
        {withholdingsText}
      </p>
      {profile.data?.pan && <p className="mt-2 text-sm text-stone-700">On file: PAN {profile.data.pan}{profile.data.gstin ? `, GSTIN ${profile.data.gstin}` : ''}.</p>}
      <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" noValidate>
        <label className="flex items-center gap-2.5 text-[0.9375rem] text-stone-800">
          <input type="checkbox" checked={isRegistered} onChange={(e) => setRegistered(e.target.checked)} className="size-4 accent-primary-700" />
          I am registered for GST
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="PAN" error={errors.pan} hint="10 characters, like ABCPK1234Q">
            {(p) => <Input {...p} name="pan" autoCapitalize="characters" spellCheck={false} autoComplete="off" />}
          </FormField>
          {isRegistered && (
            <FormField label="GSTIN" error={errors.gstin} hint="15 characters; it contains your PAN">
              {(p) => <Input {...p} name="gstin" autoCapitalize="characters" spellCheck={false} defaultValue={profile.data?.gstin ?? ''} />}
            </FormField>
          )}
        </div>
        {errors.form && <p role="alert" className="text-sm font-medium text-red-700">{errors.form}</p>}
        <div>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Save tax details
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One payout: its stay, when (or why not yet), and the amount. */
function PayoutItem({ p, children }: { p: Payouts['upcoming'][number] | Payouts['paid'][number]; children: React.ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="truncate font-semibold text-stone-900">{p.listing_title}</p>
        <p className="text-sm text-stone-600">
          {p.guest_name} · {formatDateRange(p.start_date, p.end_date)}
        </p>
        {children}
      </div>
      <p className="font-bold text-stone-900 tabular-nums">{formatPaise(p.amount_paise)}</p>
    </li>
  );
}

/** When an upcoming payout is paid, or why not yet, in plain words. */
function UpcomingState({ p }: { p: Payouts['upcoming'][number] }) {
  if (p.delayed) {
    return (
      <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-orange-800" data-testid="payout-delayed">
        <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        Delayed: our payment partner could not send it. Our team has been told and will send it again; you do not need to do anything.
      </p>
    );
  }
  const due = new Date(p.release_at) <= new Date();
  if (due && p.waits_for) {
    return (
      <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-orange-800" data-testid="payout-waits">
        <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {p.waits_for === 'check_in' ? 'Waits for the check-in: press "has arrived" on the stay when the pet is with you' : 'Waits for our team: a problem or a missed check-in on this stay is open'}
      </p>
    );
  }
  return (
    <p className={cn('mt-1 flex items-center gap-1.5 text-sm', p.waiting_for_account ? 'font-medium text-orange-800' : 'text-stone-600')}>
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      {p.waiting_for_account ? 'Waiting for your payout account' : due ? 'Being sent now' : `Pays out on ${formatInstantInIndia(p.release_at)}`}
    </p>
  );
}

/** A paid payout's share taken back for a refund decided after it (decision 055), in plain words. */
function TakenBack({ back }: { back: NonNullable<Payouts['paid'][number]['taken_back']> }) {
  const amount = formatPaise(back.amount_paise);
  return (
    <p className={cn('mt-1 flex items-start gap-1.5 text-sm', back.status === 'owed' ? 'font-medium text-orange-800' : 'text-stone-600')} data-testid="payout-taken-back">
      <Undo2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {back.status === 'recovered'
        ? `${amount} taken back for a refund to the guest`
        : back.status === 'due'
          ? `${amount} being taken back for a refund to the guest`
          : `${amount} due back for a refund to the guest: our team will contact you`}
    </p>
  );
}

function PayoutList({ payouts }: { payouts: Payouts }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card title="Upcoming payouts">
        {payouts.upcoming.length === 0 ? (
          <p className="mt-2 text-stone-600">When a guest pays for a stay, your share shows here until it is paid.</p>
        ) : (
          <ul className="mt-4 flex flex-col divide-y divide-stone-100" data-testid="upcoming-payouts">
            {payouts.upcoming.map((p) => (
              <PayoutItem key={p.booking_id} p={p}>
                <UpcomingState p={p} />
              </PayoutItem>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Paid">
        {payouts.paid.length === 0 ? (
          <p className="mt-2 text-stone-600">Nothing paid yet.</p>
        ) : (
          <ul className="mt-4 flex flex-col divide-y divide-stone-100" data-testid="paid-payouts">
            {payouts.paid.map((p) => (
              <PayoutItem key={p.booking_id} p={p}>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
                  <CircleCheck className="size-3.5 text-emerald-700" aria-hidden="true" />
                  Paid {formatInstantInIndia(p.paid_at)} · Ref. {p.reference}
                </p>
                {p.taken_back && <TakenBack back={p.taken_back} />}
              </PayoutItem>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** A month's statement, from the ledger: its net, and the PDF and the CSV to download. */
function Statements() {
  const statements = useQuery(statementsQuery);
  const months = statements.data?.months ?? [];
  return (
    <Card title="Monthly statements">
      <p className="mt-1 text-sm text-stone-600">Each stay's gross, service fee, GST on the fee, withholdings and net, and the payouts of the month.</p>
      {statements.isError ? (
        <p role="alert" className="mt-3 text-stone-600">
          Your statements could not be loaded.
        </p>
      ) : statements.isPending ? (
        <LoadingBlocks label="Loading your statements" count={1} className="mt-3" blockClassName="h-14 rounded-2xl" />
      ) : months.length === 0 ? (
        <p className="mt-3 text-stone-600">Your first statement appears when a guest pays for a stay.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-stone-100" data-testid="statements">
          {months.map((m) => (
            <li key={m.month} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
              <div>
                <p className="font-semibold text-stone-900">{formatCalendarMonth(m.month)}</p>
                <p className="text-sm text-stone-600">
                  {m.stays === 0 ? 'Payouts only' : `${m.stays} ${m.stays === 1 ? 'stay' : 'stays'} · net ${formatPaise(m.net_paise)}`}
                </p>
              </div>
              <div className="flex gap-2">
                {(['pdf', 'csv'] as const).map((format) => (
                  <a
                    key={format}
                    href={`/api/host/statements/${m.month}?format=${format}`}
                    download
                    className="inline-flex h-9 items-center gap-1.5 rounded-full border border-stone-300 px-3.5 text-sm font-semibold text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
                  >
                    <Download className="size-4" aria-hidden="true" />
                    {format.toUpperCase()}
                    <span className="sr-only"> statement for {formatCalendarMonth(m.month)}</span>
                  </a>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Payouts through the test gateway (decision 040): what the host sees here moves no money. */
function TestModeNote() {
  return (
    <section aria-label="Test mode" data-testid="payouts-test-mode" className="flex items-start gap-3 rounded-3xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-bold">{TEST_MODE_NOTICE}</p>
        <p className="mt-1 text-sm">Payments and payouts here go through the built-in test gateway: nothing is paid to your account, and invoices and statements are marked TEST.</p>
      </div>
    </section>
  );
}

export default function PayoutsTab() {
  const payouts = useQuery(payoutsQuery);
  if (payouts.isPending) return <LoadingBlocks label="Loading your payouts" blockClassName="h-40 rounded-3xl" />;
  if (payouts.isError) return <LoadFailed onRetry={() => void payouts.refetch()}>Your payouts could not be loaded.</LoadFailed>;
  return (
    <div className="flex flex-col gap-5">
      {payouts.data.test_mode && <TestModeNote />}
      <div className="grid gap-5 lg:grid-cols-2">
        <PayoutAccountCard account={payouts.data.account} />
        <TaxProfileCard />
      </div>
      <PayoutList payouts={payouts.data} />
      <Statements />
    </div>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Banknote, CircleCheck, Clock, Download, FlaskConical, Loader2, Smartphone, TriangleAlert, Undo2 } from 'lucide-react';
import { type PayoutAccountInput, payoutAccountSchema, type Payouts, ROUTE_LIMITS, taxProfileSchema } from '@/domain/contracts/payout';
import { todayInIndia } from '@/domain/dates';
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
import { inPageLanguage } from '@/web/i18n/known-words';
import { formatInstant, formatMonthIn } from '@/web/i18n/times';
import { ownWords } from '@/web/i18n/verbatim';
import { describeRange } from '@/web/lib/date-range';
import { payoutsQuery, statementsQuery, taxProfileQuery, useSavePayoutAccount, useSaveTaxProfile } from '../api';
import { PAYOUT_DELAY_HOURS } from '@/domain/money/payout';

// /host?tab=payouts (issue 22): where the host is paid, their tax status, and their payouts,
// upcoming (held until PAYOUT_DELAY_HOURS after check-in) and paid. Its own chunk, loaded with its tab.

type Errors = Record<string, string | undefined>;

// Written as they are in every language: an example of an identifier, and the mark on test documents.
const UPI_EXAMPLE = ownWords('name@okhdfcbank');
const PAN_EXAMPLE = ownWords('ABCPK1234Q');
const TEST_MARK = ownWords('TEST');

/** The withholdings in force today, from the rates module (tax-rates.ts). */
function withholdings(i18n: I18n, today = todayInIndia()): string {
  const tds = percentText(rateOn(TAX_RATES.tdsSection194O, today));
  const tdsNoPan = percentText(rateOn(TAX_RATES.tdsSection194ONoPan, today));
  const tcs = percentText(rateOn(TAX_RATES.tcsSection52, today));
  const smallSeller = formatInr(inForce(TDS_194O_EXEMPT_UP_TO, today).grossInr);
  return i18n._(
    msg`Indian law asks us to withhold ${tds} TDS (${tdsNoPan} without a PAN; none from an individual or HUF with a PAN while their stays come to ${smallSeller} or less in the financial year), and ${tcs} TCS from GST-registered hosts. Without GST registration, we pay the GST on your stays.`,
  );
}

/** The schema's messages by field (the domain's, in the page's language). */
function issues(error: { issues: { path: PropertyKey[]; message: string }[] }, i18n: I18n): Errors {
  const out: Errors = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? 'form')] ??= inPageLanguage(i18n, issue.message);
  return out;
}
/** The server's refusal (in the page's language already), by field where it names one. */
const serverErrors = (err: unknown, i18n: I18n): Errors =>
  err instanceof ApiError && err.status < 500 ? { ...err.fields, form: err.fields ? undefined : err.message } : { form: i18n._(msg`Could not save. Please try again.`) };

function Card({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
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
  const { i18n, t } = useLingui();
  const save = useSavePayoutAccount();
  const [kind, setKind] = useState<'bank' | 'upi'>('upi');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { 'kind-choice': _choice, ...form } = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    const input = { kind, ...form } as PayoutAccountInput;
    const parsed = payoutAccountSchema.safeParse(input);
    if (!parsed.success) return setErrors(issues(parsed.error, i18n));
    setErrors({});
    try {
      const saved = await save.mutateAsync(input);
      const last4 = saved?.last4 ?? '';
      const bank = saved?.kind === 'bank';
      if (saved?.status === 'failed') {
        toast.error(
          bank
            ? t`Our payment partner could not use the bank account ending ${last4}. Check it and save it again.`
            : t`Our payment partner could not use the UPI ID ending ${last4}. Check it and save it again.`,
        );
      } else toast.success(bank ? t`Payout account saved: bank account ending ${last4}` : t`Payout account saved: UPI ID ending ${last4}`);
      onDone?.();
    } catch (err) {
      setErrors(serverErrors(err, i18n));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" noValidate>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-900">
          <Trans>Pay me by</Trans>
        </legend>
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
              {k === 'upi' ? t`UPI ID` : t`Bank account`}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Name on the account`} error={errors.holder_name} hint={t`As your bank has it: at least 4 characters`}>
          {(p) => <Input {...p} name="holder_name" autoComplete="name" maxLength={ROUTE_LIMITS.beneficiaryName.max} />}
        </FormField>
        <FormField label={t`Mobile number`} error={errors.phone} hint={t`Our payment partner asks for it`}>
          {(p) => <Input {...p} name="phone" type="tel" inputMode="tel" autoComplete="tel" />}
        </FormField>
      </div>
      {kind === 'upi' ? (
        <FormField label={t`UPI ID`} error={errors.upi_id} hint={<Trans>For example {UPI_EXAMPLE}</Trans>}>
          {(p) => <Input {...p} name="upi_id" autoCapitalize="none" spellCheck={false} />}
        </FormField>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t`Account number`} error={errors.account_number}>
            {(p) => <Input {...p} name="account_number" inputMode="numeric" autoComplete="off" />}
          </FormField>
          <FormField label={t`IFSC`} error={errors.ifsc} hint={t`11 characters, on your cheque book`}>
            {(p) => <Input {...p} name="ifsc" autoCapitalize="characters" spellCheck={false} />}
          </FormField>
        </div>
      )}
      {errors.form && <p role="alert" className="text-sm font-medium text-red-700">{errors.form}</p>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          <Trans>Save payout account</Trans>
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
        <CircleCheck className="size-4" aria-hidden="true" /> <Trans>Ready for payouts</Trans>
      </p>
    );
  }
  if (account.status === 'pending') {
    return (
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
        <Clock className="size-4" aria-hidden="true" /> <Trans>Being set up with our payment partner; your payouts wait meanwhile</Trans>
      </p>
    );
  }
  // The payment partner's own words, as it wrote them (in English).
  const problem = <span lang="en">{account.problem}</span>;
  return (
    <p className="mt-1 text-sm font-medium text-red-700" data-testid="payout-account-problem">
      <Trans>Our payment partner could not use this account: {problem} Change it to be paid.</Trans>
    </p>
  );
}

function PayoutAccountCard({ account }: { account: Payouts['account'] }) {
  const { t } = useLingui();
  const [changing, setChanging] = useState(false);
  const hours = PAYOUT_DELAY_HOURS;
  return (
    <Card id="card-payout-account" title={t`Payout account`}>
      {account && !changing ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-stone-700">
              <PaidTo account={account} />
            </p>
            <AccountStatus account={account} />
          </div>
          <Button variant={account.status === 'failed' ? 'primary' : 'outline'} size="sm" onClick={() => setChanging(true)}>
            <Trans>Change</Trans>
          </Button>
        </div>
      ) : (
        <>
          {!account && (
            <p className="mt-2 text-stone-600" data-testid="payout-account-prompt">
              <Trans>Add where we should pay you. Your share of each paid stay is paid {hours} hours after check-in; without an account, it waits here.</Trans>
            </p>
          )}
          <PayoutAccountForm onDone={() => setChanging(false)} />
        </>
      )}
    </Card>
  );
}

/** "Paid to Rohan's bank account ending 1234". */
function PaidTo({ account }: { account: NonNullable<Payouts['account']> }) {
  const holder = ownWords(account.holder_name);
  const last4 = (
    <span className="font-semibold" translate="no">
      {account.last4}
    </span>
  );
  return account.kind === 'bank' ? <Trans>Paid to {holder}'s bank account ending {last4}</Trans> : <Trans>Paid to {holder}'s UPI ID ending {last4}</Trans>;
}

function TaxProfileCard() {
  const { i18n, t } = useLingui();
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
    if (!parsed.success) return setErrors(issues(parsed.error, i18n));
    setErrors({});
    try {
      await save.mutateAsync(input);
      toast.success(t`Tax details saved. They apply to stays paid from now on.`);
    } catch (err) {
      setErrors(serverErrors(err, i18n));
    }
  };
  const pan = profile.data?.pan;
  const gstin = profile.data?.gstin;
  return (
    <Card id="card-tax-details" title={t`Tax details`}>
      <p className="mt-2 text-sm text-stone-600">{withholdings(i18n)}</p>
      {pan && <p className="mt-2 text-sm text-stone-700">{gstin ? t`On file: PAN ${pan}, GSTIN ${gstin}.` : t`On file: PAN ${pan}.`}</p>}
      <form onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" noValidate>
        <label className="flex items-center gap-2.5 text-[0.9375rem] text-stone-800">
          <input type="checkbox" checked={isRegistered} onChange={(e) => setRegistered(e.target.checked)} className="size-4 accent-primary-700" />
          <Trans>I am registered for GST</Trans>
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t`PAN`} error={errors.pan} hint={<Trans>10 characters, like {PAN_EXAMPLE}</Trans>}>
            {(p) => <Input {...p} name="pan" autoCapitalize="characters" spellCheck={false} autoComplete="off" />}
          </FormField>
          {isRegistered && (
            <FormField label={t`GSTIN`} error={errors.gstin} hint={t`15 characters; it contains your PAN`}>
              {(p) => <Input {...p} name="gstin" autoCapitalize="characters" spellCheck={false} defaultValue={profile.data?.gstin ?? ''} />}
            </FormField>
          )}
        </div>
        {errors.form && <p role="alert" className="text-sm font-medium text-red-700">{errors.form}</p>}
        <div>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            <Trans>Save tax details</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** One payout: its stay, when (or why not yet), and the amount. */
function PayoutItem({ p, children }: { p: Payouts['upcoming'][number] | Payouts['paid'][number]; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="truncate font-semibold text-stone-900">{ownWords(p.listing_title)}</p>
        <p className="text-sm text-stone-600">
          {ownWords(p.guest_name)} · {describeRange({ from: p.start_date, to: p.end_date }, i18n)}
        </p>
        {children}
      </div>
      <p className="font-bold text-stone-900 tabular-nums">{formatPaise(p.amount_paise)}</p>
    </li>
  );
}

/** When an upcoming payout is paid, or why not yet, in plain words. */
function UpcomingState({ p }: { p: Payouts['upcoming'][number] }) {
  const { i18n, t } = useLingui();
  if (p.delayed) {
    return (
      <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-orange-800" data-testid="payout-delayed">
        <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <Trans>Delayed: our payment partner could not send it. Our team has been told and will send it again; you do not need to do anything.</Trans>
      </p>
    );
  }
  const due = new Date(p.release_at) <= new Date();
  const when = formatInstant(p.release_at, i18n);
  if (due && p.waits_for) {
    return (
      <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-orange-800" data-testid="payout-waits">
        <Clock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        {p.waits_for === 'check_in'
          ? t`Waits for the check-in: press "has arrived" on the stay when the pet is with you`
          : t`Waits for our team: a problem or a missed check-in on this stay is open`}
      </p>
    );
  }
  return (
    <p className={cn('mt-1 flex items-center gap-1.5 text-sm', p.waiting_for_account ? 'font-medium text-orange-800' : 'text-stone-600')}>
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      {p.waiting_for_account ? t`Waiting for your payout account` : due ? t`Being sent now` : t`Pays out on ${when}`}
    </p>
  );
}

/** A paid payout's share taken back for a refund decided after it (decision 055), in plain words. */
function TakenBack({ back }: { back: NonNullable<Payouts['paid'][number]['taken_back']> }) {
  const { t } = useLingui();
  const amount = formatPaise(back.amount_paise);
  return (
    <p className={cn('mt-1 flex items-start gap-1.5 text-sm', back.status === 'owed' ? 'font-medium text-orange-800' : 'text-stone-600')} data-testid="payout-taken-back">
      <Undo2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      {back.status === 'recovered'
        ? t`${amount} taken back for a refund to the guest`
        : back.status === 'due'
          ? t`${amount} being taken back for a refund to the guest`
          : t`${amount} due back for a refund to the guest: our team will contact you`}
    </p>
  );
}

/** "Paid 27 Nov, 9:00 am · Ref. pout_…". */
function PaidOn({ at, reference }: { at: string; reference: string }) {
  const { i18n } = useLingui();
  const when = formatInstant(at, i18n);
  const ref = <span translate="no">{reference}</span>;
  return <Trans>Paid {when} · Ref. {ref}</Trans>;
}

function PayoutList({ payouts }: { payouts: Payouts }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card id="card-upcoming-payouts" title={t`Upcoming payouts`}>
        {payouts.upcoming.length === 0 ? (
          <p className="mt-2 text-stone-600">
            <Trans>When a guest pays for a stay, your share shows here until it is paid.</Trans>
          </p>
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
      <Card id="card-paid" title={t`Paid`}>
        {payouts.paid.length === 0 ? (
          <p className="mt-2 text-stone-600">
            <Trans>Nothing paid yet.</Trans>
          </p>
        ) : (
          <ul className="mt-4 flex flex-col divide-y divide-stone-100" data-testid="paid-payouts">
            {payouts.paid.map((p) => (
              <PayoutItem key={p.booking_id} p={p}>
                <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
                  <CircleCheck className="size-3.5 text-emerald-700" aria-hidden="true" />
                  <PaidOn at={p.paid_at} reference={p.reference} />
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

/** "3 stays · net ₹12,000.00": a month's stays and what they left the host. */
const monthSummary = (stays: number, net: string, i18n: I18n) => i18n._(msg`${plural(stays, { one: `# stay · net ${net}`, other: `# stays · net ${net}` })}`);

/** A month's statement, from the ledger: its net, and the PDF and the CSV to download. */
function Statements() {
  const { i18n, t } = useLingui();
  const statements = useQuery(statementsQuery);
  const months = statements.data?.months ?? [];
  return (
    <Card id="card-monthly-statements" title={t`Monthly statements`}>
      <p className="mt-1 text-sm text-stone-600">
        <Trans>Each stay's gross, service fee, GST on the fee, withholdings and net, and the payouts of the month.</Trans>
      </p>
      {statements.isError ? (
        <p role="alert" className="mt-3 text-stone-600">
          <Trans>Your statements could not be loaded.</Trans>
        </p>
      ) : statements.isPending ? (
        <LoadingBlocks label={t`Loading your statements`} count={1} className="mt-3" blockClassName="h-14 rounded-2xl" />
      ) : months.length === 0 ? (
        <p className="mt-3 text-stone-600">
          <Trans>Your first statement appears when a guest pays for a stay.</Trans>
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-stone-100" data-testid="statements">
          {months.map((m) => {
            const month = formatMonthIn(m.month, i18n);
            return (
              <li key={m.month} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div>
                  <p className="font-semibold text-stone-900">{month}</p>
                  <p className="text-sm text-stone-600">{m.stays === 0 ? t`Payouts only` : monthSummary(m.stays, formatPaise(m.net_paise), i18n)}</p>
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
                      <span className="sr-only"> {t`statement for ${month}`}</span>
                    </a>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** Payouts through the test gateway (decision 040): what the host sees here moves no money. */
function TestModeNote() {
  const { i18n, t } = useLingui();
  return (
    <section aria-label={t`Test mode`} data-testid="payouts-test-mode" className="flex items-start gap-3 rounded-3xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5">
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-bold">{inPageLanguage(i18n, TEST_MODE_NOTICE)}</p>
        <p className="mt-1 text-sm">
          <Trans>Payments and payouts here go through the built-in test gateway: nothing is paid to your account, and invoices and statements are marked {TEST_MARK}.</Trans>
        </p>
      </div>
    </section>
  );
}

export default function PayoutsTab() {
  const { t } = useLingui();
  const payouts = useQuery(payoutsQuery);
  if (payouts.isPending) return <LoadingBlocks label={t`Loading your payouts`} blockClassName="h-40 rounded-3xl" />;
  if (payouts.isError) {
    return (
      <LoadFailed onRetry={() => void payouts.refetch()}>
        <Trans>Your payouts could not be loaded.</Trans>
      </LoadFailed>
    );
  }
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

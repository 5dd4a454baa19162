import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Loader2, MessageSquareText } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { phoneText } from '@/domain/stays/care-times';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FieldError, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useRefreshProfile, useSendPhoneCode, useVerifyPhone } from './api';

// Proving the profile's mobile number with a code by SMS (issue 38): WhatsApp and SMS reach a
// user only once their number is verified. The server sends the code, counts the sends and the
// wrong tries, and says why it refuses, in words meant for the user.

const CODE_LENGTH = 6;

/**
 * The server's own words when it refused for a reason (a limit, no SMS just now, a wrong code, no
 * network), `fallback` when it failed.
 */
const refusalOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.code !== 'http_error' && (err.status < 500 || err.status === 503) ? err.message : fallback;

/** Beside the saved number: whether it is verified. `id` describes the phone field. */
export function PhoneStatus({ id, verified }: { id: string; verified: boolean }) {
  return verified ? (
    <Badge id={id} variant="verified" className="h-8">
      <BadgeCheck aria-hidden="true" />
      <Trans>Verified</Trans>
    </Badge>
  ) : (
    <Badge id={id} variant="neutral" className="h-8">
      <Trans>Not verified</Trans>
    </Badge>
  );
}

/** "Enter the 6-digit code we sent to +91 98765 43210". */
function CodeLabel({ phone }: { phone: string }) {
  const digits = CODE_LENGTH;
  const number = (
    <span className="whitespace-nowrap" translate="no">
      {phone}
    </span>
  );
  return (
    <Trans>
      Enter the {digits}-digit code we sent to {number}
    </Trans>
  );
}

/**
 * Under a saved number that is not verified: why to verify it, and the consent WhatsApp asks for
 * (Meta's opt-in rules); "Verify number" sends a code and opens its field.
 */
export function PhoneVerification() {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  const refreshProfile = useRefreshProfile();

  /** Codes sent so far: each one takes the user to the code's field, once it is on the page. */
  const [sends, setSends] = useState(0);
  useEffect(() => {
    if (sends > 0) codeRef.current?.focus();
  }, [sends]);

  const send = () => {
    if (sendCode.isPending) return;
    setRefusal(undefined);
    sendCode.mutate(undefined, {
      onSuccess: ({ sent_to }) => {
        toast.success(t`Code sent by SMS`);
        setSentTo(sent_to);
        setCode('');
        setCodeError(undefined);
        setSends((n) => n + 1);
      },
      onError: (err) => {
        setRefusal(refusalOf(err, t`The code could not be sent. Please try again.`));
        // Verified meanwhile (in another tab): the badge shows it.
        if (err instanceof ApiError && err.status === 409) refreshProfile();
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    setRefusal(undefined);
    // A promise rather than the call's callbacks: verified, this part leaves the page at once.
    verify.mutateAsync(code).then(
      () => void toast.success(t`Mobile number verified`),
      (err: unknown) => {
        setCodeError(err instanceof ApiError && err.fields?.code ? err.fields.code : refusalOf(err, t`Your number could not be verified. Please try again.`));
        // Back in the field, which the message now describes, to try again.
        codeRef.current?.focus();
        codeRef.current?.select();
      },
    );
  };

  const consent = (
    <p className="text-sm text-stone-600">
      <Trans>
        By verifying, you agree to get PawStay updates on WhatsApp and SMS as you choose in{' '}
        <Link to="/settings/notifications" className="font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800">
          Notification settings
        </Link>
        .
      </Trans>
    </p>
  );

  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:p-5">
      <p className="flex items-start gap-2.5 text-[0.9375rem] text-stone-800">
        <MessageSquareText className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden="true" />
        <span>
          <Trans>Verify your number to get WhatsApp and SMS updates. We send a code by SMS.</Trans>
        </span>
      </p>
      <div>
        {sentTo === undefined ? (
          <Button variant="outline" onClick={send} disabled={sendCode.isPending} className="w-full sm:w-auto">
            {sendCode.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            <Trans>Verify number</Trans>
          </Button>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            <FormField
              label={<CodeLabel phone={phoneText(sentTo)} />}
              error={codeError}
            >
              {(control) => (
                <div className="flex gap-3">
                  <Input
                    {...control}
                    ref={codeRef}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={CODE_LENGTH}
                    value={code}
                    onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                    className="max-w-44 min-w-0 flex-1 text-center text-lg tracking-[0.3em]"
                  />
                  <Button type="submit" size="lg" disabled={verify.isPending} className="px-6">
                    {verify.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                    <Trans>Verify</Trans>
                  </Button>
                </div>
              )}
            </FormField>
            <p className="text-sm text-stone-600">
              <Trans>No SMS?</Trans>{' '}
              <button
                type="button"
                onClick={send}
                disabled={sendCode.isPending}
                className="font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800 disabled:opacity-60"
              >
                <Trans>Send a new code</Trans>
              </button>
            </p>
          </form>
        )}
        {/* Mounted from the start, so that a refusal is announced as it appears. */}
        <div role="alert">
          {refusal && (
            <div className="mt-3">
              <FieldError>{refusal}</FieldError>
            </div>
          )}
        </div>
      </div>
      {consent}
    </div>
  );
}

import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/web/lib/toast';
import { Clock, Loader2, Mail, MapPin, Send } from 'lucide-react';
import type { ContactInput } from '@/domain/contracts/contact';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { schemaValidator, useSchemaForm } from '@/web/lib/form';
import { FALLBACK_SUPPORT_EMAIL, useClientConfig } from '@/web/lib/config';
import { useSendContactMessage } from './api';

// Toast texts are SPEC.md section 8's, word for word (in English).
const SENT = msg`Message sent! We'll get back to you soon.`;
const FAILED = msg`Failed to send message. Please try again.`;

/** SPEC.md's office hours. */
const HOURS = [
  [msg`Mon-Fri`, '9-6'],
  [msg`Sat`, '10-4'],
  [msg`Sun`, msg`Closed`],
] as const;

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };
const validate = schemaValidator<ContactInput, ContactInput>(async () => (await import('@/domain/contracts/contact')).contactSchema);

export function ContactPage() {
  const config = useClientConfig();
  const supportEmail = config.data?.supportEmail || FALLBACK_SUPPORT_EMAIL;
  const { i18n, t } = useLingui();

  return (
    <>
      <title>{t`Contact · PawStay`}</title>
      <section className="relative overflow-hidden bg-gradient-to-b from-sand-100 to-white">
        <div className="container-page py-16 sm:py-20">
          <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">{t`Contact Us`}</p>
          <h1 className="mt-4 max-w-2xl text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">
            <Trans>We’d love to hear from you</Trans>
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-stone-700 sm:text-xl">
            <Trans>A question about a stay, help with your listing, or an idea to make PawStay better for pets? Send us a note.</Trans>
          </p>
        </div>
      </section>

      <div className="container-page grid gap-10 pb-20 lg:grid-cols-[1.6fr_1fr] lg:gap-14">
        <section className="surface-card p-6 sm:p-10">
          <h2 className="text-2xl font-bold tracking-tight text-stone-900">
            <Trans>Send us a message</Trans>
          </h2>
          <p className="mt-2 text-stone-600"><Trans>All fields are required.</Trans></p>
          <ContactForm />
        </section>

        <div className="flex flex-col gap-5">
          <h2 className="sr-only">
            <Trans>Other ways to reach us</Trans>
          </h2>
          <InfoCard icon={Mail} title={t`Email us`}>
            <a
              href={`mailto:${supportEmail}`}
              translate="no"
              className="font-semibold break-all text-primary-700 underline underline-offset-4 hover:text-primary-800"
            >
              {supportEmail}
            </a>
            <p className="mt-1 text-sm text-stone-600"><Trans>For bookings, listings and anything else.</Trans></p>
          </InfoCard>
          <InfoCard icon={MapPin} title={t`Location`}>
            <p className="text-stone-800"><Trans>India</Trans></p>
            <p className="mt-1 text-sm text-stone-600"><Trans>Starting in Ahmedabad, Gujarat.</Trans></p>
          </InfoCard>
          <InfoCard icon={Clock} title={t`Office hours`}>
            <ul className="flex max-w-56 flex-col gap-1.5 font-medium text-stone-800">
              {HOURS.map(([days, hours]) => (
                <li key={days.id} className="flex justify-between gap-6">
                  {i18n._(days)}
                  <span className="font-normal text-stone-700">{typeof hours === 'string' ? hours : i18n._(hours)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-stone-600"><Trans>India Standard Time (IST)</Trans></p>
          </InfoCard>
        </div>
      </div>
    </>
  );
}

function InfoCard({ icon: Icon, title, children }: { icon: typeof Mail; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-3xl bg-sand-50 p-6 ring-1 ring-sand-200">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-primary-700 shadow-sm">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}

function ContactForm() {
  const send = useSendContactMessage();
  const { register, handleSubmit, reset, setError, errors } = useSchemaForm({ defaultValues: EMPTY, validate });
  const { i18n, t } = useLingui();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success(i18n._(SENT));
      reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) setError(field, message);
        }
      }
      toast.error(i18n._(FAILED), {
        description: error instanceof ApiError && error.isRateLimited ? t`You have sent several messages in a short time. Please wait a few minutes.` : undefined,
      });
    }
  });

  const sending = send.isPending;

  return (
    // Sent by the app alone: pressed before it runs, Send waits for it (web/first-view-loader.ts).
    // Were the browser ever to send the form itself, POST keeps the personal details out of the
    // address and the server's log.
    <form onSubmit={onSubmit} method="post" noValidate className="mt-8 flex flex-col gap-6" aria-busy={sending}>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField label={t`Name`} error={errors.name}>
          {(control) => <Input {...control} {...register('name')} autoComplete="name" disabled={sending} />}
        </FormField>
        <FormField label={t`Email`} error={errors.email}>
          {(control) => (
            <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" disabled={sending} />
          )}
        </FormField>
      </div>
      <FormField label={t`Subject`} error={errors.subject}>
        {(control) => <Input {...control} {...register('subject')} disabled={sending} />}
      </FormField>
      <FormField label={t`Message`} error={errors.message}>
        {(control) => <Textarea {...control} {...register('message')} rows={6} disabled={sending} />}
      </FormField>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:self-start">
        {sending ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {sending ? t`Sending...` : t`Send Message`}
      </Button>
    </form>
  );
}

import { useId } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Bell, ChevronRight, Loader2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/web/lib/toast';
import { formatMonthYear } from '@/web/i18n/times';
import type { ProfileInput, profileSchema } from '@/domain/contracts/profile';
import type { z } from 'zod';
import { PageHeader } from '@/web/components/page-header';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api';
import { schemaValidator, useSchemaForm } from '@/web/lib/form';
import { profileQuery, useUpdateProfile } from './api';
import { PhoneStatus, PhoneVerification } from './phone-verification';

const validate = schemaValidator<ProfileInput, z.output<typeof profileSchema>>(async () => (await import('@/domain/contracts/profile')).profileSchema);

export function ProfilePage() {
  const { i18n, t } = useLingui();
  const { data: profile } = useSuspenseQuery(profileQuery);
  const update = useUpdateProfile();
  const form = useSchemaForm({ defaultValues: { name: profile.name, phone: profile.phone ?? '' }, validate });
  const { errors } = form;
  const formId = useId();
  const phoneStatusId = `${formId}-phone-status`;
  // The saved number's status, while the field still shows it: an edited number is saved, and
  // unverified, before it can be verified.
  const since = formatMonthYear(profile.created_at, i18n);
  const savedPhone = profile.phone !== null && form.values.phone.trim() === profile.phone ? profile.phone : null;

  const onSubmit = form.handleSubmit(() => {
    // The raw values go to the server, which normalises the phone number the same way.
    const values = form.getValues();
    update.mutate(
      { name: values.name, phone: values.phone },
      {
        onSuccess: (saved) => {
          toast.success(t`Profile updated successfully`);
          form.reset({ name: saved.name, phone: saved.phone ?? '' });
        },
        onError: (err) => {
          for (const [field, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
            if (field === 'name' || field === 'phone') form.setError(field, message);
          }
          toast.error(t`Failed to update profile`);
        },
      },
    );
  });

  return (
    <div className="container-page max-w-2xl py-10 sm:py-14">
      <title>{t`Profile Settings · PawStay`}</title>
      <PageHeader title={t`Profile Settings`} description={t`Member since ${since}`} />
      <div className="mt-8 flex flex-col gap-6 surface-card p-6 sm:p-8">
        <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <FormField label={t`Name`} error={errors.name} hint={t`Hosts and guests see this name.`}>
            {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
          </FormField>
          <FormField label={t`Email`} hint={t`Your e-mail is how you sign in; it cannot be changed.`}>
            {(control) => <Input {...control} type="email" value={profile.email} readOnly className="bg-stone-50 text-stone-700" />}
          </FormField>
          <FormField label={t`Phone`} error={errors.phone} hint={t`An Indian mobile number, e.g. 98765 43210.`}>
            {(control) => (
              <div className="flex items-center gap-3">
                <Input
                  {...control}
                  aria-describedby={savedPhone ? [phoneStatusId, control['aria-describedby']].filter(Boolean).join(' ') : control['aria-describedby']}
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="+91 98765 43210"
                  className="min-w-0 flex-1"
                  {...form.register('phone')}
                />
                {savedPhone && <PhoneStatus id={phoneStatusId} verified={profile.phone_verified} />}
              </div>
            )}
          </FormField>
        </form>
        {/* Its own form, beside the profile's: Enter in the code field verifies, and saves nothing. */}
        {savedPhone && !profile.phone_verified && <PhoneVerification key={savedPhone} />}
        <div>
          <Button type="submit" form={formId} size="lg" disabled={update.isPending}>
            {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            <Trans>Save changes</Trans>
          </Button>
        </div>
      </div>
      <Link
        to="/settings/notifications"
        className="mt-6 flex min-h-11 items-center gap-3 rounded-2xl border border-stone-200 px-5 py-4 text-stone-900 transition-colors hover:bg-stone-50"
      >
        <Bell className="size-5 shrink-0 text-primary-700" aria-hidden="true" />
        <span className="flex-1 font-semibold">
          <Trans>Notification settings</Trans>
        </span>
        <ChevronRight className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
      </Link>
    </div>
  );
}

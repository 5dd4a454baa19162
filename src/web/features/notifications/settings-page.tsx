import { type ReactNode, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BellRing, Info, Loader2, type LucideIcon, MessageSquareText, Smartphone } from 'lucide-react';
import type { z } from 'zod';
import type { notificationSettingsSchema } from '@/domain/contracts/notification';
import { NOTICE_TOPICS, type NoticeTopic } from '@/domain/notifications/notices';
import { type Channel, CHANNELS, DEFAULT_QUIET_HOURS } from '@/domain/notifications/routing';
import { PageHeader } from '@/web/components/page-header';
import { useSession } from '@/web/features/auth';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { Select } from '@/web/components/ui/select';
import { ApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/cn';
import { schemaValidator, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { notificationSettingsQuery, useSaveNotificationSettings } from './api';
import { PushOnDevice } from './push-on-device';
import { channelName, clockLabel, TOPIC_LABELS, inApp, iosPushNote, notReachableNotes, quietHoursHint, quietTimes } from './settings-words';

type Values = {
  topics: Record<NoticeTopic, Channel[]>;
  /** Quiet hours on. */
  quiet: boolean;
  /** Minutes after midnight, as the selects hold them. */
  start: string;
  end: string;
};
type Settings = z.output<typeof notificationSettingsSchema>;

// Checked by the server's own schema, loaded with the first save; its message for quiet hours that
// start and end at the same time shows under them, word for word.
const validate = schemaValidator<Values, Settings>(
  async () => (await import('@/domain/contracts/notification')).notificationSettingsSchema,
  (v) => ({ topics: v.topics, quiet: v.quiet ? { start: Number(v.start), end: Number(v.end) } : null }),
);

/** The channels' columns on a wide screen: the app's, then each channel's. */
const COLUMNS = 'lg:grid lg:w-[31rem] lg:shrink-0 lg:grid-cols-5';
const LINK = 'font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-800';

/**
 * /settings/notifications (issue 38): for each topic, the channels beyond the app that carry it,
 * and the quiet hours that hold the interrupting ones back. A table on a wide screen, a card per
 * topic on a phone.
 */
export function NotificationSettingsPage() {
  const { i18n, t } = useLingui();
  const { data: saved } = useSuspenseQuery(notificationSettingsQuery);
  const save = useSaveNotificationSettings();
  const [refusal, setRefusal] = useState<string>();
  const quiet = saved.quiet ?? DEFAULT_QUIET_HOURS;
  const form = useSchemaForm<Values, Settings>({
    defaultValues: { topics: saved.topics, quiet: saved.quiet !== null, start: String(quiet.start), end: String(quiet.end) },
    validate,
  });
  const { values, errors } = form;
  const [times] = useState(() => quietTimes(quiet.start, quiet.end));
  const { user } = useSession();
  const notes = notReachableNotes(saved.reachable, user?.phone_verified ?? false, i18n);
  const ids = useId();
  const quietErrorId = `${ids}-quiet-error`;

  const toggle = (topic: NoticeTopic, channel: Channel, on: boolean) => {
    const chosen = values.topics[topic];
    form.setValue('topics', { ...values.topics, [topic]: CHANNELS.filter((c) => (c === channel ? on : chosen.includes(c))) });
  };

  const onSubmit = form.handleSubmit((settings) => {
    setRefusal(undefined);
    return save.mutateAsync(settings).then(
      () => void toast.success(t`Notification settings saved`),
      (err: unknown) =>
        setRefusal(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : t`Your settings could not be saved. Please check your connection and try again.`),
    );
  });

  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <title>{t`Notification settings · PawStay`}</title>
      <PageHeader
        title={t`Notification settings`}
        description={
          <Trans>
            Choose how we reach you about each kind of news. Everything also waits for you in{' '}
            <Link to="/notifications" className={LINK}>
              Notifications
            </Link>
            .
          </Trans>
        }
      />
      <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-8">
        <section aria-labelledby={`${ids}-channels`}>
          <h2 id={`${ids}-channels`} className="sr-only">
            <Trans>Channels</Trans>
          </h2>
          {/* Before the choices: what a choice can reach now, and what it takes for the others. */}
          <ul className="mb-4 flex flex-col gap-2.5 rounded-2xl border border-stone-200 bg-stone-50 p-4 text-sm text-stone-700 sm:px-5">
            {notes.verify && (
              <Note icon={MessageSquareText}>
                <Trans>
                  <Link to="/profile" className={LINK}>
                    Verify your mobile number
                  </Link>{' '}
                  on your profile to get {notes.verify.channels}.
                </Trans>
              </Note>
            )}
            {notes.waiting && <Note icon={Info}>{notes.waiting}</Note>}
            <Note icon={BellRing}>
              <PushOnDevice />
            </Note>
            <Note icon={Smartphone}>{iosPushNote(i18n)}</Note>
          </ul>
          <div className="flex flex-col gap-4 lg:surface-card lg:gap-0">
            {/* The columns' names on a wide screen; each checkbox is named in full by its own label. */}
            <div aria-hidden="true" className="hidden lg:flex lg:items-end lg:gap-6 lg:px-6 lg:pt-5 lg:pb-3">
              <span className="flex-1 text-sm font-semibold text-stone-600">
                <Trans>Topic</Trans>
              </span>
              <span className={cn(COLUMNS, 'text-center text-sm font-semibold text-stone-800')}>
                {[inApp(i18n), ...CHANNELS.map((c) => channelName(c, i18n))].map((label) => (
                  <span key={label}>{label}</span>
                ))}
              </span>
            </div>
            {NOTICE_TOPICS.map((topic) => (
              <TopicRow key={topic} topic={topic} chosen={values.topics[topic]} onToggle={(channel, on) => toggle(topic, channel, on)} />
            ))}
          </div>
        </section>

        <section aria-labelledby={`${ids}-quiet`} className="surface-card p-5 sm:p-6">
          <h2 id={`${ids}-quiet`} className="sr-only">
            <Trans>Quiet hours</Trans>
          </h2>
          <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-primary-600"
              checked={values.quiet}
              onChange={(e) => form.setValue('quiet', e.target.checked)}
              aria-describedby={`${ids}-quiet-hint`}
            />
            <span className="text-base font-semibold text-stone-900">
              <Trans>Quiet hours</Trans>
            </span>
          </label>
          <p id={`${ids}-quiet-hint`} className="mt-1 text-sm text-stone-600">
            {quietHoursHint(i18n)}
          </p>
          <div className="mt-5 grid grid-cols-2 gap-4 sm:max-w-md">
            {(['start', 'end'] as const).map((field) => (
              <div key={field} className="flex flex-col gap-2">
                <Label htmlFor={`${ids}-${field}`} className={cn(!values.quiet && 'text-stone-600')}>
                  {field === 'start' ? t`From` : t`Until`}
                </Label>
                <Select
                  id={`${ids}-${field}`}
                  disabled={!values.quiet}
                  aria-invalid={Boolean(errors.quiet)}
                  aria-describedby={errors.quiet ? quietErrorId : undefined}
                  className="disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-600"
                  {...form.register(field)}
                >
                  {times.map((time) => (
                    <option key={time} value={time}>
                      {clockLabel(time, i18n)}
                    </option>
                  ))}
                </Select>
              </div>
            ))}
          </div>
          {errors.quiet && (
            <div className="mt-3">
              <FieldError id={quietErrorId}>{errors.quiet}</FieldError>
            </div>
          )}
        </section>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" size="lg" disabled={save.isPending} className="sm:self-start">
            {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            <Trans>Save</Trans>
          </Button>
          {/* Mounted from the start, so that a refusal is announced as it appears. */}
          <div role="alert">{refusal && <FieldError>{refusal}</FieldError>}</div>
        </div>
      </form>
    </div>
  );
}

/** A line above the channels: why one of them may not reach the user, or what it takes. */
function Note({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-primary-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

/**
 * A topic's name and hint, then its channels: on a phone a card with a named checkbox per
 * channel; on a wide screen a row of the table, under the columns' names.
 */
function TopicRow({ topic, chosen, onToggle }: { topic: NoticeTopic; chosen: Channel[]; onToggle: (channel: Channel, on: boolean) => void }) {
  const { i18n } = useLingui();
  const label = i18n._(TOPIC_LABELS[topic].label);
  const hint = i18n._(TOPIC_LABELS[topic].hint);
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className="surface-card p-5 lg:flex lg:items-center lg:gap-6 lg:rounded-none lg:border-0 lg:border-t lg:bg-transparent lg:px-6 lg:py-4 lg:shadow-none">
      <div className="min-w-0 lg:flex-1">
        <p id={`${id}-label`} className="font-semibold text-stone-900">
          {label}
        </p>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-stone-600">
          {hint}
        </p>
      </div>
      <div className={cn('mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-5 lg:mt-0 lg:gap-0', COLUMNS)}>
        <ChannelBox name={inApp(i18n)} topic={label} checked disabled />
        {CHANNELS.map((channel) => (
          <ChannelBox
            key={channel}
            name={channelName(channel, i18n)}
            topic={label}
            checked={chosen.includes(channel)}
            onChange={(on) => onToggle(channel, on)}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A channel's checkbox, named "E-mail for Booking requests". On a phone its channel's name shows
 * beside it; on a wide screen the column's name above says it, and the box sits centred in a
 * target of 44 px.
 */
function ChannelBox({ name, topic, checked, disabled = false, onChange }: { name: string; topic: string; checked: boolean; disabled?: boolean; onChange?: (on: boolean) => void }) {
  return (
    <label
      className={cn(
        'flex min-h-11 items-center gap-2.5 rounded-xl border px-3 text-sm font-medium text-stone-800 transition-colors',
        'lg:justify-center lg:rounded-full lg:border-0 lg:px-0',
        disabled ? 'cursor-not-allowed border-stone-200 bg-stone-50 lg:bg-transparent' : 'cursor-pointer border-stone-200 hover:border-stone-300 lg:hover:bg-stone-100',
        checked && !disabled && 'border-primary-300 bg-primary-50 lg:bg-transparent',
      )}
    >
      <input
        type="checkbox"
        className="size-5 shrink-0 accent-primary-600 disabled:cursor-not-allowed"
        checked={checked}
        disabled={disabled}
        onChange={onChange && ((e) => onChange(e.target.checked))}
        readOnly={!onChange}
      />
      {/* "E-mail for Booking requests": the channel shows on a phone, the topic only to a screen reader. */}
      <Trans>
        <span className="lg:sr-only">{name}</span>
        <span className="sr-only"> for {topic}</span>
      </Trans>
    </label>
  );
}

import { useEffect, useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/form-field';
import { inPageLanguage } from '@/web/i18n/known-words';
import { ApiError } from '@/web/lib/api';
import * as queryKeys from '@/web/lib/query-keys';
import { toast } from '@/web/lib/toast';
import { detectPush, PushProblem, type PushState, turnOffPush, turnOnPush } from './push-device';

const SAYS = {
  unsupported: msg`This browser cannot show push notifications.`,
  denied: msg`Notifications are blocked for PawStay in this browser's settings.`,
  on: msg`Push is on for this device`,
};
const says = (state: PushState | undefined): state is keyof typeof SAYS => state !== undefined && state in SAYS;

function problemOf(err: unknown, i18n: I18n): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof PushProblem) return inPageLanguage(i18n, err.message);
  console.warn('PawStay: push on this device failed', err);
  return i18n._(msg`Push could not be changed on this device. Please try again.`);
}

/**
 * "Push on this device" on the notification settings page (issue 38), with its state and the
 * button that changes it. The server's render and the
 * first render in the browser show the name alone; what this browser can do shows after, from an
 * effect, so that hydration matches.
 */
export function PushOnDevice() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushState>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let live = true;
    void detectPush().then((s) => live && setState(s), () => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const run = (turn: () => Promise<PushState>, done: string) => async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const next = await turn();
      setState(next);
      if (next === 'on' || next === 'off') toast.success(done);
      // What the server can reach now: `reachable` gains or loses push.
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.settings });
    } catch (err) {
      setProblem(problemOf(err, i18n));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="flex flex-wrap gap-x-2">
        <span className="font-semibold text-stone-900">
          <Trans>Push on this device</Trans>
        </span>
        {says(state) && <span>{i18n._(SAYS[state])}</span>}
      </p>
      {(state === 'off' || state === 'on') && (
        <Button
          variant={state === 'off' ? 'primary' : 'outline'}
          disabled={busy}
          className="mt-2"
          onClick={state === 'off' ? run(turnOnPush, i18n._(SAYS.on)) : run(turnOffPush, t`Push is off for this device`)}
        >
          {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
          {state === 'off' ? t`Turn on push on this device` : t`Turn off on this device`}
        </Button>
      )}
      {/* Mounted from the start, so that a problem is announced as it appears. */}
      <div role="alert" className="not-empty:mt-2">{problem && <FieldError>{problem}</FieldError>}</div>
    </>
  );
}

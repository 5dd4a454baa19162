import { Loader2, Send, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { StayView } from '@/domain/contracts/stay';
import { timeInIndia } from '@/domain/dates';
import { CARE_TICK_KINDS, CARE_TICK_LABELS, type CareTick, type CareTickKind, STAY_UPDATE_LIMITS, tickLabel } from '@/domain/stays/care-log';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { usePostUpdate } from '../api';
import { PhotoChooser } from './photo-chooser';

// The host's update during a stay (PRODUCT.md section 10): photos, a few words, and the care log's
// ticks, each stamped with India's time now (which the host may change), checked on the server
// against the care sheets. What is still due today is listed above, from the server's view.

const EMPTY = 'Add a photo, a few words or a tick to post an update';

export function UpdateForm({ stay }: { stay: StayView }) {
  const id = useId();
  const post = usePostUpdate(stay.booking_id);
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState('');
  const [ticks, setTicks] = useState<CareTick[]>([]);
  const [petId, setPetId] = useState(stay.pets[0]?.id ?? '');
  const [error, setError] = useState<string>();
  const pet = stay.pets.find((p) => p.id === petId) ?? stay.pets[0];
  const medicines = pet?.care_sheet?.medicines.map((m) => m.name) ?? [];

  const addTick = (kind: CareTickKind, medicine?: string) => {
    if (!pet) return;
    setTicks([...ticks, { pet_id: pet.id, kind, at: timeInIndia(), medicine: medicine ?? null }]);
    setError(undefined);
  };
  const nameOf = (pid: string) => stay.pets.find((p) => p.id === pid)?.name ?? '';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (files.length === 0 && note.trim() === '' && ticks.length === 0) {
      setError(EMPTY);
      return;
    }
    const body = new FormData();
    body.append('note', note);
    body.append('log', JSON.stringify(ticks));
    for (const f of files) body.append('photos', f);
    try {
      await post.mutateAsync(body);
      toast.success(`Update posted. ${stay.guest.name} has been told.`);
      setFiles([]);
      setNote('');
      setTicks([]);
      setError(undefined);
    } catch (err) {
      const message = err instanceof ApiError && err.status < 500 ? err.message : 'The update could not be posted. Please try again.';
      setError(message);
      toast.error(message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Post an update" className="surface-card flex flex-col gap-5 p-5 sm:p-6">
      {stay.care_due.length > 0 && (
        <div className="rounded-2xl bg-amber-50 px-4 py-3 text-amber-900" data-testid="care-due">
          <p className="text-sm font-bold">Still to tick today</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {stay.care_due.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}

      <PhotoChooser files={files} onChange={setFiles} max={STAY_UPDATE_LIMITS.photos} tooMany={`An update holds up to ${STAY_UPDATE_LIMITS.photos} photos`} />

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-note`}>A few words</Label>
        <Textarea id={`${id}-note`} rows={3} maxLength={STAY_UPDATE_LIMITS.note} value={note} onChange={(e) => (setNote(e.target.value), setError(undefined))} placeholder={`How is ${pet?.name ?? 'your guest'} today?`} />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-stone-800">Care log</legend>
        {stay.pets.length > 1 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Which pet the ticks are for">
            {stay.pets.map((p) => (
              <Button key={p.id} type="button" size="sm" variant={p.id === petId ? 'primary' : 'outline'} aria-pressed={p.id === petId} onClick={() => setPetId(p.id)}>
                {p.name}
              </Button>
            ))}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {CARE_TICK_KINDS.filter((k) => k !== 'medicine' || medicines.length === 0).map((kind) => (
            <Button key={kind} type="button" size="sm" variant="secondary" onClick={() => addTick(kind)}>
              {CARE_TICK_LABELS[kind]}
            </Button>
          ))}
          {medicines.map((m) => (
            <Button key={m} type="button" size="sm" variant="secondary" onClick={() => addTick('medicine', m)}>
              {tickLabel({ kind: 'medicine', medicine: m })}
            </Button>
          ))}
        </div>
        {ticks.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label="Ticks in this update">
            {ticks.map((tick, i) => (
              <li key={i} className="grid grid-cols-[1fr_8.5rem_auto] items-center gap-2 text-sm text-stone-800 sm:grid-cols-[12rem_8.5rem_auto] sm:justify-start">
                <span className="font-medium">
                  {stay.pets.length > 1 && `${nameOf(tick.pet_id)}: `}
                  {tickLabel(tick)}
                </span>
                <Input
                  type="time"
                  aria-label={`Time of tick ${i + 1}: ${tickLabel(tick)}`}
                  value={tick.at}
                  onChange={(e) => setTicks(ticks.map((t, j) => (j === i ? { ...t, at: e.target.value } : t)))}
                  className="h-10 px-3"
                />
                <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove tick ${i + 1}`} onClick={() => setTicks(ticks.filter((_, j) => j !== i))}>
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <div role="alert">{error && <FieldError>{error}</FieldError>}</div>
      <Button type="submit" className="self-start" disabled={post.isPending}>
        {post.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        Post update
      </Button>
    </form>
  );
}

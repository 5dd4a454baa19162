import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { LISTING_LIMITS } from '@/domain/listing-limits';
import { photoVariant } from '@/domain/photos';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';

// The photos of the listing form: pick or drop up to 10, preview, reorder (drag, or the arrow
// buttons), choose the cover (the first), remove, describe. Nothing is sent until the form is.

export type PhotoItem = { key: string; alt: string } & (
  | { kind: 'new'; file: File; preview: string }
  | { kind: 'saved'; id: string; url: string; savedAlt: string }
);

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];
const MAX = LISTING_LIMITS.photos.max;
const MAX_MB = LISTING_LIMITS.photos.maxBytes / (1024 * 1024);
/** A photo's two move buttons, each disabled at its end of the list. */
const MOVES = [
  { by: -1, word: 'earlier', Icon: ArrowLeft },
  { by: 1, word: 'later', Icon: ArrowRight },
] as const;

let counter = 0;
const newKey = () => `new-${Date.now().toString(36)}-${++counter}`;

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function PhotoManager({
  items,
  onChange,
  disabled,
}: {
  items: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  disabled?: boolean;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();

  // Previews are object URLs: let them go when the form does.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.kind === 'new') URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const addFiles = (files: FileList | File[]) => {
    const room = MAX - items.length;
    const list = [...files];
    const refused: string[] = [];
    const accepted: PhotoItem[] = [];
    for (const file of list) {
      if (!ACCEPTED.includes(file.type)) refused.push(`${file.name} is not a JPEG, PNG or WebP photo`);
      else if (file.size > LISTING_LIMITS.photos.maxBytes) refused.push(`${file.name} is larger than ${MAX_MB} MB`);
      else if (file.size === 0) refused.push(`${file.name} is empty`);
      else if (accepted.length >= room) refused.push(`${file.name}: a listing can have ${MAX} photos`);
      else accepted.push({ kind: 'new', key: newKey(), file, preview: URL.createObjectURL(file), alt: '' });
    }
    if (refused.length > 0) {
      toast.error(refused.length === 1 ? refused[0]! : `${refused.length} files were not added`, {
        description: refused.length > 1 ? refused.join('. ') : undefined,
      });
    }
    if (accepted.length > 0) {
      onChange([...items, ...accepted]);
      setAnnouncement(`${accepted.length} ${accepted.length === 1 ? 'photo' : 'photos'} added. ${items.length + accepted.length} of ${MAX}.`);
    }
  };

  const remove = (index: number) => {
    const item = items[index];
    if (item?.kind === 'new') URL.revokeObjectURL(item.preview);
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(`Photo ${index + 1} removed.`);
  };

  const reorder = (from: number, to: number) => {
    onChange(move(items, from, to));
    setAnnouncement(to === 0 ? `Photo is now the cover.` : `Photo moved to position ${to + 1} of ${items.length}.`);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    if (dragging !== null) return;
    if (e.dataTransfer.files.length > 0) addFiles(e.dataTransfer.files);
  };

  const full = items.length >= MAX;

  return (
    <div className="flex flex-col gap-5">
      <div
        onDragOver={(e) => {
          if (dragging !== null || disabled) return;
          e.preventDefault();
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed px-6 py-8 text-center transition-colors',
          dropping ? 'border-primary-600 bg-primary-50' : 'border-stone-300 bg-sand-50',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-white text-primary-700 shadow-sm">
          <ImagePlus className="size-6" aria-hidden="true" />
        </span>
        <div>
          <p className="font-semibold text-stone-900">Drag photos here, or choose them</p>
          <p id={hintId} className="mt-1 text-sm text-stone-600">
            JPEG, PNG or WebP, up to {MAX_MB} MB each. Up to {MAX} photos; the first is the cover.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled || full} aria-describedby={hintId}>
          {full ? `${MAX} photos added` : 'Choose photos'}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED.join(',')}
          multiple
          className="hidden"
          data-testid="photo-input"
          onChange={(e) => {
            if (e.target.files) addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {items.length > 0 && (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Photos, ${items.length} of ${MAX}`}>
          {items.map((item, index) => (
            <li
              key={item.key}
              data-testid="photo-item"
              draggable={!disabled}
              onDragStart={(e) => {
                setDragging(index);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                if (dragging !== index) {
                  onChange(move(items, dragging, index));
                  setDragging(index);
                }
              }}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(null);
              }}
              className={cn(
                'flex flex-col overflow-hidden rounded-2xl border bg-white transition-shadow',
                index === 0 ? 'border-primary-300 ring-2 ring-primary-200' : 'border-stone-200',
                dragging === index && 'opacity-60 shadow-lg',
              )}
            >
              <div className="relative aspect-[4/3] cursor-grab bg-sand-100 active:cursor-grabbing">
                <img
                  src={item.kind === 'new' ? item.preview : photoVariant(item.url, 'card')}
                  alt=""
                  className="size-full object-cover"
                  draggable={false}
                />
                {index > 0 && (
                  <button
                    type="button"
                    onClick={() => reorder(index, 0)}
                    disabled={disabled}
                    aria-label={`Make cover: photo ${index + 1}`}
                    className="absolute top-2.5 right-2.5 inline-flex h-8 items-center gap-1 rounded-full bg-white/95 px-3 text-xs font-semibold text-stone-900 shadow-sm ring-1 ring-stone-900/5 transition-colors hover:bg-white hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
                  >
                    <Star className="size-3.5" aria-hidden="true" />
                    Make cover
                  </button>
                )}
                {index === 0 ? (
                  <span className="absolute top-2.5 left-2.5 inline-flex items-center gap-1 rounded-full bg-primary-600 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
                    <Star className="size-3.5 fill-current" aria-hidden="true" />
                    Cover
                  </span>
                ) : (
                  <span className="absolute top-2.5 left-2.5 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-stone-800 shadow-sm">
                    {index + 1}
                  </span>
                )}
              </div>
              <div className="flex flex-col gap-3 p-3">
                <label className="flex flex-col gap-1.5">
                  <span className="text-xs font-semibold text-stone-700">Photo {index + 1} description</span>
                  <input
                    type="text"
                    value={item.alt}
                    maxLength={LISTING_LIMITS.altText.max}
                    disabled={disabled}
                    placeholder="e.g. Shaded lawn"
                    onChange={(e) => onChange(items.map((it, i) => (i === index ? { ...it, alt: e.target.value } : it)))}
                    className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900 placeholder:text-stone-500 focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/30"
                  />
                </label>
                <div className="flex items-center gap-1">
                  {MOVES.map(({ by, word, Icon }) => (
                    <Button
                      key={word}
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => reorder(index, index + by)}
                      disabled={disabled || index + by < 0 || index + by >= items.length}
                      aria-label={`Move photo ${index + 1} ${word}`}
                    >
                      <Icon aria-hidden="true" />
                    </Button>
                  ))}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="ml-auto"
                    onClick={() => remove(index)}
                    disabled={disabled}
                    aria-label={`Remove photo ${index + 1}`}
                  >
                    <Trash2 className="text-red-700" aria-hidden="true" />
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';

// Photos chosen for a form that sends them with it (an update, a reported problem): each shown
// with a button to remove it, and a tile to add more up to `max`. The server checks each again.

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** A chosen file's preview, released when it leaves the form. */
function usePreviews(files: File[]) {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

export function PhotoChooser({ files, onChange, max, tooMany }: { files: File[]; onChange: (files: File[]) => void; max: number; tooMany: string }) {
  const id = useId();
  const previews = usePreviews(files);
  const add = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const room = max - files.length;
    if (chosen.length > room) toast.error(tooMany);
    onChange([...files, ...chosen.slice(0, room)]);
  };
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold text-stone-800" id={`${id}-photos`}>
        Photos <span className="font-normal text-stone-600">(up to {max})</span>
      </span>
      <div className="flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-photos`}>
        {previews.map((url, i) => (
          <span key={url} className="relative">
            <img src={url} alt={`Chosen photo ${i + 1}`} className="size-20 rounded-xl object-cover" />
            <Button
              type="button"
              variant="outline"
              size="icon-sm"
              className="absolute -top-2 -right-2 size-7"
              aria-label={`Remove photo ${i + 1}`}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" />
            </Button>
          </span>
        ))}
        {files.length < max && (
          <label className="flex size-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-stone-400 text-xs font-semibold text-stone-700 hover:bg-stone-50 focus-within:outline-2 focus-within:outline-primary-600">
            <ImagePlus className="size-5" aria-hidden="true" />
            Add photos
            <input type="file" accept={ACCEPT} multiple className="sr-only" onChange={(e) => (add(e.target.files), (e.target.value = ''))} />
          </label>
        )}
      </div>
    </div>
  );
}

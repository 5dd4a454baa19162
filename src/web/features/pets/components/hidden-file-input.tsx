import type { Ref } from 'react';

/**
 * The hidden file input behind a pet form's "Choose" button: one file, handed on, and the input
 * emptied so that the same file can be chosen again.
 */
export function HiddenFileInput({
  ref,
  accept,
  testId,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  accept: readonly string[];
  testId: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept.join(',')}
      className="hidden"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(e) => {
        onFile(e.target.files?.[0]);
        e.target.value = '';
      }}
    />
  );
}

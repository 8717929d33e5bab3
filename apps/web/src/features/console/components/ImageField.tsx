import { useRef } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useUploadSiteImage } from '../api/site.ts';
import type { SiteDeskT } from '../hooks/useSiteDeskText.ts';

/** An image address with an upload button: a png or jpg goes to the site images and its address fills the field. */
export function ImageField({
  value,
  onChange,
  error,
  st,
  testId,
  label,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  st: SiteDeskT;
  testId: string;
  label?: string;
}) {
  const upload = useUploadSiteImage();
  const file = useRef<HTMLInputElement>(null);
  return (
    <div className="site-image-field">
      <Input
        label={label ?? st('sd_image')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error ?? upload.error?.message}
        spellCheck={false}
        data-testid={`${testId}-url`}
      />
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) upload.mutate(f, { onSuccess: (img) => onChange(img.url) });
          e.target.value = '';
        }}
      />
      <Button size="sm" variant="secondary" loading={upload.isPending} onClick={() => file.current?.click()}>
        {st('sd_upload')}
      </Button>
    </div>
  );
}

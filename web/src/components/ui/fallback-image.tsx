import { useState, type ImgHTMLAttributes } from 'react';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  /** Shown when `src` is missing or fails to load. */
  fallback: string;
};

/** An image that falls back to a placeholder when its source is missing or broken. */
export function FallbackImage({ src, fallback, alt = '', loading = 'lazy', ...rest }: FallbackImageProps) {
  // The source that failed to load: a new `src` gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || src === failedSrc ? fallback : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(shown);
      }}
    />
  );
}

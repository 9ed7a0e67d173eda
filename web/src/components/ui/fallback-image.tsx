import { useEffect, useState, type ImgHTMLAttributes } from 'react';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  /** Shown when `src` is missing or fails to load. */
  fallback: string;
};

/** An image that falls back to a placeholder when its source is missing or broken. */
export function FallbackImage({ src, fallback, alt = '', loading = 'lazy', ...rest }: FallbackImageProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const shown = !src || failed ? fallback : src;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailed(true);
      }}
    />
  );
}

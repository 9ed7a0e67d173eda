import { useState, type ImgHTMLAttributes } from 'react';

export const COURSE_PLACEHOLDER = '/demo/course-placeholder.svg';
export const AVATAR_PLACEHOLDER = '/demo/avatar-placeholder.svg';

/** An image that shows `fallback` when its source is missing or fails to load. */
export function Img({
  src,
  fallback,
  alt = '',
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src?: string | null; fallback: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? fallback : src;
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      src={shown}
      alt={alt}
      onError={() => src && shown === src && setFailedSrc(src)}
    />
  );
}

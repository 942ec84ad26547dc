import { useMemo } from 'react';
import { qrDrawing } from './qr-path';

interface QrCodeProps {
  /** What the code holds (a URL of the app). */
  text: string;
  /** What a screen reader says for it. */
  label: string;
  className?: string;
}

/** A QR code as inline SVG, black on white whatever the theme, sized by its container. */
export function QrCode({ text, label, className }: QrCodeProps) {
  const { size, path } = useMemo(() => qrDrawing(text), [text]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

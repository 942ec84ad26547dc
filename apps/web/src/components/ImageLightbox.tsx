import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { parts as t } from '../i18n/parts';

interface ImageLightboxProps {
  slides: SlideImage[];
  index?: number;
  /** Called once the closing fade is over. */
  onClose: () => void;
}

/**
 * The photo viewer, set as the product asks: fade 250 ms, swipe 500 ms, preload 2, padding
 * 16px, spacing 30%, Escape closes, arrow keys navigate. The 30 px swipe threshold is the
 * library's own constant (not a prop). With a single photo the arrow buttons are left out.
 */
export default function ImageLightbox({ slides, index = 0, onClose }: ImageLightboxProps) {
  const single = slides.length <= 1;
  return (
    <Lightbox
      open
      close={onClose}
      slides={slides}
      index={index}
      labels={t.lightbox}
      animation={{ fade: 250, swipe: 500 }}
      carousel={{ preload: 2, padding: '16px', spacing: '30%', finite: single }}
      controller={{ closeOnEscape: true, closeOnBackdropClick: true }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : {}}
    />
  );
}

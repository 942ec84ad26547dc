import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePhotos } from '../lib/use-photos';
import { PhotosField } from './PhotosField';

/** The field as a form uses it, starting from `stored` photos. */
function Field({ stored = [] }: { stored?: string[] }) {
  const photos = usePhotos(stored);
  return <PhotosField photos={photos} label="Foto del componente" pickerId="foto" />;
}

/** A phone: its pointer is a finger (what decides whether the camera is offered). */
function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(pointer: coarse)',
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const jpeg = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/jpeg' });

describe('PhotosField', () => {
  it('offers the camera on a phone, one shot at a time, beside the gallery taking several', () => {
    onAPhone();
    render(<Field />);
    const camera = screen.getByLabelText('Scatta foto');
    expect(camera).toHaveAttribute('type', 'file');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).not.toHaveAttribute('multiple');
    const gallery = screen.getByLabelText('Scegli dalle foto');
    expect(gallery).toHaveAttribute('multiple');
    expect(gallery).not.toHaveAttribute('capture');
    expect(gallery).toHaveAccessibleDescription(/Foto del componente.*Fino a 12 foto/);
  });

  it('offers only the gallery where there is no camera to open', () => {
    render(<Field />);
    expect(screen.queryByLabelText('Scatta foto')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Scegli dalle foto')).toBeInTheDocument();
  });

  it('takes several shots in a row: the camera picker is emptied after each', async () => {
    onAPhone();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        open() {}
        setRequestHeader() {}
        send() {}
        abort() {}
      },
    );
    render(<Field />);
    const camera = screen.getByLabelText<HTMLInputElement>('Scatta foto');
    await userEvent.upload(camera, jpeg('scatto-1.jpg'));
    expect(camera.value).toBe('');
    await userEvent.upload(camera, jpeg('scatto-2.jpg'));
    const list = screen.getByRole('list', { name: 'Foto scelte' });
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2));
    // Each shows at once, from the phone itself, while it uploads.
    expect(screen.getByRole('img', { name: 'Foto 1' }).getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByRole('img', { name: 'Foto 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('marks the cover, and says when there is no room for more', () => {
    render(<Field stored={Array.from({ length: 12 }, (_, i) => `/media/${i}.webp`)} />);
    const items = screen.getByRole('list', { name: 'Foto scelte' }).querySelectorAll('li');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('Copertina');
    expect(screen.getByRole('img', { name: 'Foto 12' })).toHaveAttribute('src', '/media/11.webp');
    expect(screen.getByLabelText('Scegli dalle foto')).toBeDisabled();
    expect(screen.getByText('Hai già 12 foto: rimuovine una per aggiungerne altre.')).toBeInTheDocument();
    // Every button of a photo is big enough for a finger (the class sets 44 px).
    expect(screen.getByRole('button', { name: 'Rimuovi la foto 1' }).closest('.photos-item')).not.toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePart } from '../../../testing/test-data';
import { BinLabel } from './BinLabel';
import { PartLabel } from './PartLabel';

const ORIGIN = 'https://magazzino.example.it';

/**
 * What a phone's camera would read from a QR drawn on the page: the SVG rasterised by sharp
 * (librsvg) on white with a wide quiet zone, then decoded by jsQR. Null when it cannot be read.
 */
async function decodeQr(svg: SVGElement): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg.outerHTML), { density: 72 * 8 })
    .flatten({ background: '#ffffff' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('labels', () => {
  it("a part's label: a QR that reads as the part's address, its code, name, vehicle and bin", async () => {
    const part = makePart({
      codiceRicambio: 'R-004213',
      nome: 'Faro anteriore sinistro',
      marca: 'Fiat',
      modello: 'Punto',
      scaffale: 'b',
      campata: '04',
      ripiano: '3',
      cassetta: '12',
    });
    render(<PartLabel part={part} origin={ORIGIN} />);

    const label = screen.getByRole('article', { name: 'Etichetta di R-004213, Faro anteriore sinistro' });
    expect(within(label).getByText('R-004213')).toBeInTheDocument();
    expect(within(label).getByText('Faro anteriore sinistro')).toBeInTheDocument();
    expect(within(label).getByText('Fiat Punto')).toBeInTheDocument();
    expect(label).toHaveTextContent('Ubicazione B-04-3-12');
    const qr = within(label).getByRole('img', { name: 'QR del componente R-004213' });
    expect(await decodeQr(qr as unknown as SVGElement)).toBe(`${ORIGIN}/r/R-004213`);
  });

  it("a bin's label: a QR that reads as the bin's lookup, and its code in large type", async () => {
    render(<BinLabel segments={['B', '04', '3', '12']} origin={`${ORIGIN}/`} />);

    const label = screen.getByRole('article', { name: 'Etichetta della cassetta B-04-3-12' });
    expect(within(label).getByText('B-04-3-12')).toBeInTheDocument();
    expect(within(label).getByText('Scaffale B · Campata 04 · Ripiano 3 · Cassetta 12')).toBeInTheDocument();
    const qr = within(label).getByRole('img', { name: 'QR della cassetta B-04-3-12' });
    expect(await decodeQr(qr as unknown as SVGElement)).toBe(
      `${ORIGIN}/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12`,
    );
  });

  it('a long address still makes a readable code (more modules, same size)', async () => {
    const segments = ['SCAFFALE NORD', 'CAMPATA 10', 'RIPIANO ALTO', 'CASSETTA ROSSA 7'];
    render(<BinLabel segments={segments} origin={ORIGIN} />);
    const qr = screen.getByRole('img', { name: /QR della cassetta/ });
    expect(await decodeQr(qr as unknown as SVGElement)).toBe(
      `${ORIGIN}/consultamagazzino?scaffale=SCAFFALE+NORD&campata=CAMPATA+10&ripiano=RIPIANO+ALTO&cassetta=CASSETTA+ROSSA+7`,
    );
  });
});

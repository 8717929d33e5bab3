import { normalizeSearch } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { imageUrl, localized } from '../../lib/localized.ts';
import { bannerArtwork, gameArtwork, vendorArtwork, wrapTitle } from './artwork.ts';

describe('artwork', () => {
  const game = { vassalage: 'AAA', gameCode: 'a-1', nodeName: 'Golden Dragon', gameType: 'RNG' };

  it('is a pure function of its input and differs between games', () => {
    expect(gameArtwork(game)).toBe(gameArtwork(game));
    const all = ['a-1', 'a-2', 'a-3', 'a-4', 'a-5'].map((gameCode) => gameArtwork({ ...game, gameCode }));
    expect(new Set(all).size).toBe(5);
    expect(gameArtwork({ ...game, vassalage: 'BBB' })).not.toBe(gameArtwork(game));
  });

  it('draws a glyph per game type and escapes names', () => {
    for (const gameType of ['RNG', 'LIVE', 'FISH', 'PVP', 'BGS', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']) {
      expect(gameArtwork({ ...game, gameType })).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    }
    const svg = gameArtwork({ ...game, nodeName: 'Tom & <Jerry>' });
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(svg).not.toContain('<Jerry>');
    expect(vendorArtwork({ vassalage: 'AAA', displayName: 'A"B' }, 'large')).toContain('A&quot;B');
    expect(bannerArtwork('home-1')).not.toBe(bannerArtwork('home-2'));
  });

  it('wraps long titles on two lines at most', () => {
    expect(wrapTitle('Golden Dragon')).toEqual(['Golden Dragon']);
    expect(wrapTitle('Mystic Golden Dragon Megaways Deluxe Edition')).toHaveLength(2);
  });
});

describe('search keys and localized text', () => {
  it('normalises case, accents and spaces', () => {
    expect(normalizeSearch('  Dragão   DOURADO ')).toBe('dragao dourado');
    expect(normalizeSearch('Fênix Mágica')).toBe('fenix magica');
    expect(normalizeSearch('Ｆｕｌｌｗｉｄｔｈ')).toBe('fullwidth');
  });

  it('falls back to English, the default language, then any', () => {
    expect(localized({ PT: 'Olá', EN: 'Hello' }, 'ZH')).toBe('Hello');
    expect(localized({ PT: 'Olá' }, 'EN')).toBe('Olá');
    expect(localized({ ES: 'Hola' }, 'EN')).toBe('Hola');
    expect(localized(null, 'EN')).toBe('');
  });

  it('puts relative artwork on a CDN, stable per item, and leaves absolute URLs alone', () => {
    const cdns = ['https://a.example/cdn', 'https://b.example/cdn/'];
    expect(imageUrl(cdns, 'games/x.svg', 0)).toBe('https://a.example/cdn/games/x.svg');
    expect(imageUrl(cdns, 'games/x.svg', 1)).toBe('https://b.example/cdn/games/x.svg');
    expect(imageUrl(cdns, 'https://vendor.example/x.png', 1)).toBe('https://vendor.example/x.png');
    expect(imageUrl([], 'games/x.svg', 3)).toBe('/cdn/games/x.svg');
  });
});

import { describe, expect, it } from 'vitest';
import { placePopup } from './popup-placement';

const screen = { top: 0, height: 800 };

describe('placePopup', () => {
  it('opens below a field with room under it, as tall as wanted', () => {
    expect(placePopup({ top: 100, bottom: 156 }, screen, 320)).toEqual({ above: false, maxHeight: 320 });
  });

  it('opens above a field near the bottom of the screen, within the room there', () => {
    expect(placePopup({ top: 600, bottom: 656 }, screen, 320)).toEqual({ above: true, maxHeight: 320 });
    expect(placePopup({ top: 300, bottom: 356 }, { top: 0, height: 420 }, 320)).toEqual({
      above: true,
      maxHeight: 288,
    });
  });

  it('stays below, shorter, when there is less room above than below', () => {
    expect(placePopup({ top: 150, bottom: 206 }, { top: 0, height: 420 }, 320)).toEqual({
      above: false,
      maxHeight: 202,
    });
  });

  it("counts from the part of the page a phone's keyboard leaves on screen", () => {
    // The page scrolled inside the visual viewport: 300 px of it above the screen's top.
    expect(placePopup({ top: 650, bottom: 706 }, { top: 300, height: 450 }, 400)).toEqual({
      above: true,
      maxHeight: 338,
    });
    expect(placePopup({ top: 320, bottom: 376 }, { top: 300, height: 450 }, 400)).toEqual({
      above: false,
      maxHeight: 362,
    });
  });

  it('never gives a negative height', () => {
    expect(placePopup({ top: -100, bottom: 900 }, screen, 320).maxHeight).toBe(0);
  });
});

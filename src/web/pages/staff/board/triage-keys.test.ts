import { describe, expect, it } from 'vitest';
import { type TriageKeyEvent, triageActionOf } from './triage-keys';

const press = (
  key: string,
  target: TriageKeyEvent['target'] = { tagName: 'TR' },
  extra = {},
): TriageKeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target,
  ...extra,
});

describe('triageActionOf', () => {
  it.each([
    ['j', 'next'],
    ['k', 'previous'],
    [' ', 'play'],
    ['a', 'approve'],
    ['c', 'changes'],
    ['d', 'decline'],
    ['?', 'help'],
    ['J', 'next'],
    ['x', null],
    ['Enter', null],
  ])('%j → %s', (key, action) => {
    expect(triageActionOf(press(key), false)).toBe(action);
  });

  it('ignores keys while typing, in a select, in anything editable', () => {
    for (const target of [
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'INPUT', type: 'search' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(triageActionOf(press('a', target), false), JSON.stringify(target)).toBeNull();
    }
    // A checkbox is not typing: j still moves on, but space stays the checkbox's.
    expect(triageActionOf(press('j', { tagName: 'INPUT', type: 'checkbox' }), false)).toBe('next');
    expect(triageActionOf(press(' ', { tagName: 'INPUT', type: 'checkbox' }), false)).toBeNull();
    expect(triageActionOf(press(' ', { tagName: 'BUTTON' }), false)).toBeNull();
  });

  it('ignores keys while a dialog is open and with Ctrl, Cmd or Alt', () => {
    expect(triageActionOf(press('a'), true)).toBeNull();
    expect(triageActionOf(press('a', { tagName: 'BODY' }, { ctrlKey: true }), false)).toBeNull();
    expect(triageActionOf(press('j', { tagName: 'BODY' }, { metaKey: true }), false)).toBeNull();
    expect(triageActionOf(press('d', { tagName: 'BODY' }, { altKey: true }), false)).toBeNull();
  });
});

import type { MenuItem } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { findFirstMenuLink, isExternalLink } from './findFirstMenuLink.ts';

function item(key: string, overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    key,
    keyParent: null,
    name: key,
    link: '',
    icon: '',
    isFontAwesome: false,
    imageContent: '',
    badge: null,
    title: false,
    child: [],
    multilevel: false,
    ...overrides,
  };
}

describe('findFirstMenuLink', () => {
  it('searches children depth-first before the next sibling', () => {
    const menu = [
      item('section', { title: true, link: '/runtime/1/ignored/title' }),
      item('group', {
        child: [item('sub', { child: [item('deep', { link: '/runtime/1/list/a/b/c/d/Deep' })] })],
      }),
      item('second', { link: '/runtime/1/calendar/Second' }),
    ];
    expect(findFirstMenuLink(menu)).toBe('/runtime/1/list/a/b/c/d/Deep');
  });

  it('takes an item with a link before its own children', () => {
    const menu = [
      item('p', { link: '/runtime/1/project/1/P', child: [item('c', { link: '/runtime/1/x/C' })] }),
    ];
    expect(findFirstMenuLink(menu)).toBe('/runtime/1/project/1/P');
  });

  it('skips external links and returns null when there is no link', () => {
    expect(findFirstMenuLink([item('ext', { link: 'https://example.com' })])).toBeNull();
    expect(findFirstMenuLink([])).toBeNull();
    expect(isExternalLink('http://x.org')).toBe(true);
    expect(isExternalLink('/runtime/1')).toBe(false);
  });
});

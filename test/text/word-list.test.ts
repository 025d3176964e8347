import { describe, expect, it } from 'vitest';
import { wordList } from '../../src/text/word-list.js';

describe('wordList', () => {
  it('joins names as a sentence does', () => {
    expect(wordList([], 'or')).toBe('');
    expect(wordList(['text'], 'or')).toBe('text');
    expect(wordList(['i3bar', 'tmux'], 'and')).toBe('i3bar and tmux');
    expect(wordList(['text', 'ansi', 'json'], 'or')).toBe('text, ansi or json');
  });
});

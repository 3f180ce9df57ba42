import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchResultList } from './search-result-list';
import { movedHighlight, searchResultHref, type SearchResult } from './search-results';
import { isSearchShortcut, searchShortcutHint } from './shortcut';
import { useHeaderSearch } from './use-header-search';

/**
 * The header search (spec 1 §2): desktop only, Ctrl/Cmd+K from anywhere, wallets and tokens from
 * 3 characters. A combobox: focus stays in the input and `aria-activedescendant` names the
 * highlighted option, so screen readers follow the arrow keys.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const state = useHeaderSearch(text);
  const results = state.status === 'done' ? state.results : [];
  const active = results[Math.min(highlight, results.length - 1)];
  const expanded = open && state.status !== 'idle';

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const input = inputRef.current;
      // Below md the box is hidden (desktop only): leave the key to the browser there.
      if (!isSearchShortcut(event) || !input || input.offsetParent === null) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const choose = (result: SearchResult) => {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(searchResultHref(result));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) setOpen(false);
      else inputRef.current?.blur();
      return;
    }
    if (!expanded || results.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => movedHighlight(current, step, results.length));
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <div className="relative hidden w-64 md:block lg:w-80">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-muted"
        aria-hidden
      />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search wallets and tokens"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active ? optionId(listId, active) : undefined}
        placeholder="Search wallets and tokens"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setHighlight(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-border bg-surface-sunken pr-14 pl-8 text-sm normal-case placeholder:text-fg-muted focus:border-accent focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <kbd
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-border px-1.5 font-mono text-[10px] text-fg-muted"
      >
        {searchShortcutHint(navigator.platform)}
      </kbd>
      {expanded ? (
        <SearchResultList
          id={listId}
          state={state}
          active={active}
          optionId={(result) => optionId(listId, result)}
          onHover={(result) => setHighlight(results.indexOf(result))}
          onChoose={choose}
        />
      ) : null}
    </div>
  );
}

function optionId(listId: string, result: SearchResult): string {
  return `${listId}-${result.key}`;
}

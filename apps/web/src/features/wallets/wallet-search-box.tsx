import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../ui/cn';
import { SEARCH_EMPTY_MESSAGE } from './search-messages';
import { searchOptions, type SearchOption } from './search-options';
import { useWalletSearch } from './use-wallet-search';

/**
 * The sticky bar's combobox over wallets, tags and groups (spec 2 §2.1). Choosing a result sets
 * `address`, `tag` or `groupId` on the address bar without a reload; the page follows the URL.
 */
export function WalletSearchBox() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [, setSearchParams] = useSearchParams();
  const search = useWalletSearch(text);
  const listId = useId();
  const options = search.status === 'done' ? searchOptions(search.results) : [];

  const choose = (option: SearchOption) => {
    setSearchParams(new URLSearchParams({ [option.param.name]: option.param.value }));
    setOpen(false);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (options.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index - 1 + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[Math.min(active, options.length - 1)];
      if (option) choose(option);
    }
  };

  const showList = open && search.status !== 'idle';
  return (
    <div className="relative w-full max-w-md">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        aria-hidden
      />
      <input
        type="search"
        role="combobox"
        aria-label="Search wallets, tags and groups"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        placeholder="Search wallets, tags, groups…"
        className="h-10 w-full rounded-md border border-border bg-surface-raised pr-3 pl-9 text-sm outline-none focus:border-accent"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList ? (
        <div
          id={listId}
          role="listbox"
          className="absolute top-11 left-0 z-30 max-h-72 w-full overflow-auto rounded-md border border-border bg-surface-raised p-1 shadow-xl"
        >
          {search.status === 'loading' ? (
            <p className="px-3 py-2 text-xs text-fg-muted">Searching…</p>
          ) : null}
          {search.status === 'error' ? (
            <p role="alert" className="px-3 py-2 text-xs text-danger">
              {search.message}
            </p>
          ) : null}
          {search.status === 'done' && options.length === 0 ? (
            <p className="px-3 py-2 text-xs text-fg-muted">{SEARCH_EMPTY_MESSAGE}</p>
          ) : null}
          {options.map((option, index) => (
            <div
              key={option.key}
              role="option"
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm',
                index === active && 'bg-surface-sunken',
              )}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="truncate">{option.label}</span>
              <span className="truncate font-mono text-[10px] text-fg-muted">{option.detail}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

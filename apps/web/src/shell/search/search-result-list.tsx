import { cn } from '../../ui/cn';
import { SEARCH_MESSAGES, searchResultText, type SearchResult } from './search-results';
import type { HeaderSearchState } from './use-header-search';

export interface SearchResultListProps {
  readonly id: string;
  readonly state: Exclude<HeaderSearchState, { status: 'idle' }>;
  readonly active: SearchResult | undefined;
  readonly optionId: (result: SearchResult) => string;
  readonly onHover: (result: SearchResult) => void;
  readonly onChoose: (result: SearchResult) => void;
}

/** The header search's popup: a listbox grouped into wallets and tokens, or the state's text. */
export function SearchResultList({
  id,
  state,
  active,
  optionId,
  onHover,
  onChoose,
}: SearchResultListProps) {
  const panel =
    'absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 text-sm shadow-xl normal-case';
  if (state.status !== 'done' || state.results.length === 0) {
    return (
      <div id={id} className={panel}>
        <p
          role={state.status === 'error' ? 'alert' : 'status'}
          className={cn('px-3 py-2', state.status === 'error' ? 'text-danger' : 'text-fg-muted')}
        >
          {state.status === 'loading'
            ? 'Searching…'
            : state.status === 'error'
              ? state.message
              : SEARCH_MESSAGES.empty}
        </p>
      </div>
    );
  }
  const groups = [
    { label: 'Wallets', items: state.results.filter((result) => result.kind === 'wallet') },
    { label: 'Tokens', items: state.results.filter((result) => result.kind === 'token') },
  ].filter((group) => group.items.length > 0);
  return (
    <div id={id} role="listbox" aria-label="Search results" className={panel}>
      {groups.map((group) => (
        <div key={group.label} role="group" aria-label={group.label}>
          <div
            role="presentation"
            className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-fg-muted uppercase"
          >
            {group.label}
          </div>
          {group.items.map((result) => (
            <div
              key={result.key}
              id={optionId(result)}
              role="option"
              aria-selected={result === active}
              // Keep focus in the input so the click does not close the list before it lands.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => onHover(result)}
              onClick={() => onChoose(result)}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 rounded px-3 py-1.5',
                result === active && 'bg-surface-sunken',
              )}
            >
              <ResultText result={result} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function ResultText({ result }: { readonly result: SearchResult }) {
  const { primary, secondary, badge } = searchResultText(result);
  return (
    <>
      <span className={cn('truncate', secondary === null && 'font-mono')}>{primary}</span>
      <span className="flex shrink-0 items-baseline gap-2">
        {secondary === null ? null : (
          <span className="font-mono text-xs text-fg-muted">{secondary}</span>
        )}
        {badge === null ? null : (
          <span
            title="Found on the market: no wallet of yours holds it"
            className="rounded border border-border px-1 text-[10px] font-semibold tracking-wide text-fg-muted uppercase"
          >
            {badge}
          </span>
        )}
      </span>
    </>
  );
}

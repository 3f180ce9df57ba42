import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { TOOLKIT_CATEGORIES, type ToolkitAction, type ToolkitTile } from './toolkit-tiles';

export interface ToolkitDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Called with the tile chosen; the dialog does not close itself, the caller decides. */
  readonly onChoose: (action: ToolkitAction) => void;
}

/** The Toolkit (spec 2 §2.3): categories of action tiles, each with its scope badge. */
export function ToolkitDialog({ open, onOpenChange, onChoose }: ToolkitDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Toolkit"
      description="Choose an action. Selection tiles ask you to pick wallets first."
      className="max-h-[calc(100vh-2rem)] w-[min(48rem,calc(100vw-2rem))] overflow-y-auto"
    >
      <div className="flex flex-col gap-5">
        {TOOLKIT_CATEGORIES.map((category) => (
          <section key={category.id} aria-labelledby={`toolkit-${category.id}`}>
            <h3
              id={`toolkit-${category.id}`}
              className="mb-2 text-xs font-bold tracking-widest text-fg-muted"
            >
              {category.title}
            </h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {category.tiles.map((tile) => (
                <TileButton key={tile.action} tile={tile} onChoose={onChoose} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </Dialog>
  );
}

function TileButton({
  tile,
  onChoose,
}: {
  readonly tile: ToolkitTile;
  readonly onChoose: (action: ToolkitAction) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onChoose(tile.action)}
      className={cn(
        'flex flex-col items-start gap-1 rounded-md border bg-surface-sunken p-3 text-left transition',
        'hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-accent',
        tile.destructive ? 'border-danger/40' : 'border-border',
      )}
    >
      <span className="flex w-full items-center justify-between gap-2">
        <span className={cn('text-sm font-semibold', tile.destructive && 'text-danger')}>
          {tile.label}
        </span>
        <span className="rounded border border-border px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-fg-muted">
          {tile.badge}
        </span>
      </span>
      <span className="text-xs text-fg-muted">{tile.description}</span>
    </button>
  );
}

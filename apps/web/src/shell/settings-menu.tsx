import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Bell,
  CaseSensitive,
  Coins,
  Columns3,
  Eye,
  EyeOff,
  History,
  LogIn,
  LogOut,
  Moon,
  Settings,
  SlidersHorizontal,
  Sun,
  ToggleRight,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { routeById } from '../app/route-table';
import { MasterWalletDialog } from '../features/master-wallet/master-wallet-dialog';
import { setInboxOpen } from '../features/notifications/inbox-visibility';
import { CustomizeColumnsDialog } from '../features/preferences/customize-columns-dialog';
import { toggleDisplayUnit, useDisplayUnit } from '../features/preferences/display-unit-store';
import { PreferencesDialog } from '../features/preferences/preferences-dialog';
import { logout } from '../features/session/session-api';
import { changeSession } from '../features/session/change-session';
import {
  toggleHideBalances,
  toggleTextCase,
  toggleTheme,
  useDisplayPreferences,
} from '../features/preferences/display-preferences-store';
import { Menu, MenuItem, MenuSeparator } from '../ui/menu';
import { useToast } from '../ui/toast';

/**
 * The settings menu of spec 1 §2, in the spec's order. Close history and its close banner join
 * when the /close-history route lands (its `landed` flag), as the header does for its links.
 * Hide balances (also in the bottom bar) and text case are extras of this console.
 */
export function SettingsMenu({ signedIn }: { readonly signedIn: boolean }) {
  const preferences = useDisplayPreferences();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const unit = useDisplayUnit();
  const [masterWalletOpen, setMasterWalletOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const settings = routeById('settings');
  const closeHistory = routeById('close-history');
  const signOut = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      changeSession(queryClient, null);
      void navigate('/login');
    },
    onError: (error) =>
      toast.show({ title: 'Could not log out', description: error.message, severity: 'error' }),
  });

  return (
    <>
      <Menu
        label="Settings menu"
        align="end"
        trigger={
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-fg"
          >
            <Settings className="size-5" aria-hidden />
          </button>
        }
      >
        {signedIn ? (
          <>
            <MenuItem
              onSelect={() => setMasterWalletOpen(true)}
              icon={<Wallet className="size-4" />}
            >
              Master wallet
            </MenuItem>
            <MenuItem onSelect={() => setColumnsOpen(true)} icon={<Columns3 className="size-4" />}>
              Customize columns
            </MenuItem>
            <MenuItem onSelect={() => setInboxOpen(true)} icon={<Bell className="size-4" />}>
              Inbox
            </MenuItem>
            <MenuItem onSelect={toggleDisplayUnit} icon={<Coins className="size-4" />}>
              Toggle units
              <span className="ml-auto pl-3 text-xs text-fg-muted">
                {unit === 'sol' ? 'SOL' : 'lamports'}
              </span>
            </MenuItem>
            <MenuItem
              onSelect={toggleHideBalances}
              icon={
                preferences.hideBalances ? (
                  <Eye className="size-4" />
                ) : (
                  <EyeOff className="size-4" />
                )
              }
            >
              {preferences.hideBalances ? 'Show balances' : 'Hide balances'}
            </MenuItem>
            {closeHistory.landed ? (
              <MenuItem
                onSelect={() => void navigate(closeHistory.path)}
                icon={<History className="size-4" />}
              >
                Close history
              </MenuItem>
            ) : null}
            {settings.landed ? (
              <MenuItem
                onSelect={() => void navigate(settings.path)}
                icon={<SlidersHorizontal className="size-4" />}
              >
                Settings
              </MenuItem>
            ) : null}
            <MenuSeparator />
          </>
        ) : null}
        <MenuItem
          onSelect={toggleTheme}
          icon={
            preferences.theme === 'dark' ? <Sun className="size-4" /> : <Moon className="size-4" />
          }
        >
          {preferences.theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        </MenuItem>
        <MenuItem onSelect={toggleTextCase} icon={<CaseSensitive className="size-4" />}>
          {preferences.textCase === 'upper' ? 'Use normal text case' : 'Use uppercase text'}
        </MenuItem>
        {signedIn ? (
          <MenuItem
            onSelect={() => setPreferencesOpen(true)}
            icon={<ToggleRight className="size-4" />}
          >
            Preferences
          </MenuItem>
        ) : null}
        <MenuSeparator />
        {signedIn ? (
          <MenuItem
            onSelect={() => signOut.mutate()}
            icon={<LogOut className="size-4" />}
            disabled={signOut.isPending}
          >
            Logout
          </MenuItem>
        ) : (
          <MenuItem onSelect={() => void navigate('/login')} icon={<LogIn className="size-4" />}>
            Login
          </MenuItem>
        )}
      </Menu>
      {signedIn ? (
        <>
          <MasterWalletDialog open={masterWalletOpen} onOpenChange={setMasterWalletOpen} />
          <CustomizeColumnsDialog open={columnsOpen} onOpenChange={setColumnsOpen} />
          {/* No page selects a token yet (the trading area, spec 3), so the quality-scan toggle is
              disabled with its reason until one does. */}
          <PreferencesDialog
            open={preferencesOpen}
            onOpenChange={setPreferencesOpen}
            tokenSelected={false}
          />
        </>
      ) : null}
    </>
  );
}

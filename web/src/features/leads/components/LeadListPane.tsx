import { type ComponentProps, useEffect, useState } from 'react';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useToast } from '../../../ui/useToast';
import type { Agent, Role } from '../../../api/dashboardApi';
import { FilterBar, filterChips, manyFilters } from './FilterBar';
import type { Filters } from '../../../lib/leadFilters';
import { type Facets, leadListApi, type SmartList } from '../api/leadListApi';
import { LeadList } from './LeadList';
import styles from './LeadListPane.module.css';
import { SaveSmartListDialog } from './SaveSmartListDialog';
import { openListOf, SmartListsNav } from './SmartListsNav';
import type { useSmartLists } from '../hooks/useSmartLists';

/** Below this width the smart lists are a select above the list instead of a column beside it. */
export const COMPACT_LISTS = '(max-width: 1279px)';

type Props = Omit<ComponentProps<typeof LeadList>, 'toolbar' | 'listName'> & {
  readonly filters: Filters;
  readonly onFilters: (f: Filters) => void;
  readonly sources: readonly string[];
  readonly agents: readonly Agent[];
  readonly role: Role;
  readonly smart: ReturnType<typeof useSmartLists>;
};

/** The lead list with its smart lists, filter bar, "Save as smart list" and "Export CSV". */
export function LeadListPane({ filters, onFilters, sources, agents, role, smart, ...list }: Props) {
  const compact = useMediaQuery(COMPACT_LISTS);
  const toast = useToast();
  const [facets, setFacets] = useState<Facets | null>(null);
  const [saving, setSaving] = useState(false);
  /** One's own list being renamed or refiltered in the save dialog. */
  const [editing, setEditing] = useState<SmartList | null>(null);
  const [deleting, setDeleting] = useState<SmartList | null>(null);
  useEffect(() => {
    leadListApi.facets().then(setFacets, () => undefined);
  }, []);
  const open = openListOf(smart.lists, filters);
  /** A refusal is said in the dialog, which stays open. */
  const remove = (l: SmartList) =>
    leadListApi.deleteSmartList(l.listId).then(() => {
      setDeleting(null);
      smart.removed(l.listId);
      if (open?.listId === l.listId) onFilters({});
    });
  const nav = (isCompact: boolean) => (
    <SmartListsNav
      lists={smart.lists}
      filters={filters}
      onOpen={onFilters}
      onDelete={setDeleting}
      onEdit={(l) => {
        setEditing(l);
        setSaving(true);
      }}
      compact={isCompact}
    />
  );
  return (
    <div className={styles.pane} data-pane="list">
      {!compact && nav(false)}
      <LeadList
        {...list}
        listName={open?.listId ? open.name : null}
        toolbar={
          <>
            {compact && nav(true)}
            <FilterBar
              filters={filters}
              onFilters={onFilters}
              facets={facets}
              sources={sources}
              agents={agents}
              role={role}
              onSave={() => setSaving(true)}
              exportHref={leadListApi.exportUrl(filters)}
            />
          </>
        }
      />
      <SaveSmartListDialog
        open={saving}
        filters={filters}
        summary={filterChips(filters, manyFilters(facets, sources, agents, role)).map((c) => c.text)}
        list={editing}
        onClose={() => {
          setSaving(false);
          setEditing(null);
        }}
        onSaved={(l) => {
          smart.saved(l);
          toast({ tone: 'success', message: `Saved the smart list "${l.name}"` });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this smart list?"
        action="Delete list"
        busyAction="Deleting…"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        <p>“{deleting?.name}” goes from your smart lists. Its leads stay as they are.</p>
      </ConfirmDialog>
    </div>
  );
}

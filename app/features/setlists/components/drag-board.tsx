import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type CollisionDetection,
  type DragOverEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useFetcher } from "@remix-run/react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { EditorData } from "../editor.server";

type Setlist = EditorData["setlist"];
type SetView = Setlist["sets"][number];
type Item = SetView["items"][number];
type Columns = Record<string, number[]>;

export type DragBoardProps = {
  setlist: Setlist;
  /** A set's frame (heading, totals, warning) around its list. */
  renderSet: (set: SetView, list: ReactNode) => ReactNode;
  /** An item's own content (title, details and its buttons), without the list item. */
  renderItem: (item: Item, index: number, set: SetView) => ReactNode;
};

const container = (setId: number) => `set:${setId}`;
const columnsOf = (setlist: Setlist): Columns => Object.fromEntries(setlist.sets.map((set) => [container(set.id), set.items.map((item) => item.id)]));

/**
 * Drag and drop for the setlist editor (loaded only on this page, only with JavaScript):
 * every item has a drag handle that works with a pointer or the keyboard (space or
 * enter to pick up, arrows to move, space or enter to drop, escape to cancel), with
 * announcements for screen readers. A drop saves the whole order with the version it
 * was made from, through a fetcher; a stale save comes back refused with the offer to
 * reload, and the order shown goes back to the saved one.
 */
export default function DragBoard({ setlist, renderSet, renderItem }: DragBoardProps) {
  // The page's own rows are still on screen while this first renders: what was open, typed
  // and focused in them is read now and given to the rows drawn in their place.
  const [held] = useState(holdRows);
  useLayoutEffect(() => giveBack(held), [held]);
  const fetcher = useFetcher<{ message?: string; stale?: boolean; ok?: boolean }>();
  const [columns, setColumns] = useState<Columns>(() => columnsOf(setlist));
  // A new version from the server (ours or someone's) is the order to show; so is the
  // saved one again when a save is refused (a refused save reloads nothing).
  const [shown, setShown] = useState({ setlist, data: fetcher.data });
  if (shown.setlist !== setlist || (fetcher.state === "idle" && shown.data !== fetcher.data)) {
    setShown({ setlist, data: fetcher.data });
    if (shown.setlist !== setlist || fetcher.data?.message) setColumns(columnsOf(setlist));
  }
  const saved = useMemo(() => columnsOf(setlist), [setlist]);
  // One move at a time: a drag while the last one is saving would be sent with the version
  // that save replaces, and refused as if someone else had changed the setlist.
  const saving = fetcher.state !== "idle";

  const items = useMemo(() => new Map(setlist.sets.flatMap((set) => set.items.map((item) => [item.id, item] as const))), [setlist]);
  const setNames = useMemo(() => new Map(setlist.sets.map((set) => [container(set.id), set.name])), [setlist]);
  // The keyboard's moves read the order as it is now (the sensor keeps the getter it started with).
  const columnsRef = useRef(columns);
  useEffect(() => {
    columnsRef.current = columns;
  }, [columns]);
  /** Where the last arrow key moved the item: collision detection takes it as it is (see keyboardMove). */
  const keyboardTarget = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: (event, args) => keyboardMove(event, args) }));
  const collisionDetection: CollisionDetection = (args) => (keyboardTarget.current === null ? closestCorners(args) : [{ id: keyboardTarget.current }]);

  const columnOf = (id: UniqueIdentifier, cols = columns) => (typeof id === "string" && id in cols ? id : Object.keys(cols).find((key) => cols[key]!.includes(Number(id))));
  const titleOf = (id: UniqueIdentifier) => items.get(Number(id))?.title ?? "the item";

  const order = useMemo(() => new Map(setlist.sets.map((set, index) => [container(set.id), index])), [setlist]);
  /** The song a drag last crossed into another set beside, until it is over another song. */
  const crossedBeside = useRef<UniqueIdentifier | null>(null);
  /**
   * Where the item lands if dropped now, over `overId`: in its own set, at the place of the
   * song it is over (over the set itself, where it is); moving into another set, after the
   * song it is over when it comes from a later set (up) and before it when from an earlier
   * one (down), or at the end or the start of that set when over the set itself. So one
   * arrow key moves a song one place across a set's edge, and every announcement says
   * where it will land.
   */
  const landing = (activeId: UniqueIdentifier, overId: UniqueIdentifier, cols = columns) => {
    const from = columnOf(activeId, cols);
    const to = columnOf(overId, cols);
    if (!from || !to) return null;
    const list = cols[to]!;
    const overIndex = typeof overId === "string" ? -1 : list.indexOf(Number(overId));
    // In its own set, still over the song it crossed in beside (the set's layout moved under it): it stays.
    if (from === to) return { column: to, index: overIndex < 0 || overId === crossedBeside.current ? list.indexOf(Number(activeId)) : overIndex, size: list.length };
    const up = order.get(to)! < order.get(from)!;
    return { column: to, index: overIndex < 0 ? (up ? list.length : 0) : overIndex + (up ? 1 : 0), size: list.length + 1 };
  };
  const place = (spot: { column: string; index: number; size: number }) => `position ${spot.index + 1} of ${spot.size} in ${setNames.get(spot.column)}`;
  /** Where the item is now. */
  const where = (id: UniqueIdentifier) => {
    const column = columnOf(id);
    return column ? place({ column, index: columns[column]!.indexOf(Number(id)), size: columns[column]!.length }) : "";
  };
  /**
   * An arrow key moves the item exactly one place: to the next or previous song of its set,
   * or across the set's edge to the start of the next set or the end of the one before,
   * picked from the order itself. (dnd-kit's own picking, by the rows' positions, skipped a
   * place or stuck after crossing into a set, as the rows moved around the item.) "Over
   * the set itself" stands for the item's own place. The coordinates only draw the move.
   */
  const keyboardMove: KeyboardCoordinateGetter = (event, { context: { active, over, collisionRect, droppableRects } }) => {
    if (event.code !== "ArrowDown" && event.code !== "ArrowUp") return undefined;
    event.preventDefault();
    const cols = columnsRef.current;
    const column = active ? columnOf(active.id, cols) : undefined;
    if (!active || !collisionRect || !column) return undefined;
    const list = cols[column]!;
    const own = list.indexOf(Number(active.id));
    const spot = over ? landing(active.id, over.id, cols) : null;
    const at = spot && spot.column === column ? spot.index : own;
    const down = event.code === "ArrowDown";
    const next = at + (down ? 1 : -1);
    let target: UniqueIdentifier;
    let rect = null;
    if (next >= 0 && next < list.length) {
      target = next === own ? column : list[next]!;
      const row = droppableRects.get(next === own ? active.id : list[next]!);
      // Below its own place the item lines up with the row's bottom, as dnd-kit's sortable does.
      rect = row && next > own ? { left: row.left, top: row.top + row.height - collisionRect.height } : row;
    } else {
      const sets = [...order.keys()].sort((a, b) => order.get(a)! - order.get(b)!);
      const beside = sets[sets.indexOf(column) + (down ? 1 : -1)];
      if (!beside) return undefined;
      target = beside;
      const rows = cols[beside]!;
      const edge = rows.length ? droppableRects.get(down ? rows[0]! : rows[rows.length - 1]!) : null;
      const box = droppableRects.get(beside);
      rect = edge ? { left: edge.left, top: down ? edge.top : edge.top + edge.height } : box;
    }
    if (!rect) return undefined;
    keyboardTarget.current = target;
    return { x: rect.left, y: rect.top };
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${where(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${titleOf(active.id)} is no longer over a set.`;
      const spot = over.id === active.id ? null : landing(active.id, over.id);
      return spot ? `${titleOf(active.id)} is over ${place(spot)}.` : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const spot = over ? landing(active.id, over.id) : null;
      return spot ? `${titleOf(active.id)} dropped at ${place(spot)}. Saving.` : `${titleOf(active.id)} dropped where it was.`;
    },
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled. It is back where it was.`,
  };

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    const from = columnOf(active.id);
    const to = columnOf(over.id);
    if (over.id !== active.id && typeof over.id !== "string" && over.id !== crossedBeside.current) crossedBeside.current = null;
    if (!from || !to || from === to) return;
    crossedBeside.current = over.id;
    setColumns((cols) => {
      const spot = landing(active.id, over.id, cols);
      if (!spot || columnOf(active.id, cols) === spot.column) return cols;
      const target = [...cols[spot.column]!];
      target.splice(spot.index, 0, Number(active.id));
      return { ...cols, [columnOf(active.id, cols)!]: cols[columnOf(active.id, cols)!]!.filter((id) => id !== Number(active.id)), [spot.column]: target };
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    let next = columns;
    // (Kept until the next pick-up: the drop's announcement, made after this, reads it too.)
    const spot = over ? landing(active.id, over.id) : null;
    const column = columnOf(active.id);
    if (spot && column === spot.column) {
      const list = columns[column]!;
      const from = list.indexOf(Number(active.id));
      if (from !== spot.index) next = { ...columns, [column]: arrayMove(list, from, spot.index) };
    }
    setColumns(next);
    if (JSON.stringify(next) === JSON.stringify(saved)) return;
    const layout = setlist.sets.map((set) => ({ id: set.id, itemIds: next[container(set.id)]! }));
    fetcher.submit({ intent: "reorder", via: "fetcher", version: String(setlist.version), layout: JSON.stringify(layout) }, { method: "post", action: `/setlists/${setlist.id}` });
  }

  return (
    <>
      {saving ? (
        <p role="status" className="text-sm text-slate-600">
          Saving the new order…
        </p>
      ) : null}
      {/* Said once the drop's "Saving." is done, for whoever moved it by keyboard and listens. */}
      {fetcher.state === "idle" && fetcher.data?.ok ? (
        <p role="status" className="sr-only">
          New order saved.
        </p>
      ) : null}
      {fetcher.state === "idle" && fetcher.data?.message ? (
        <div role="alert" className={`rounded-lg border p-4 text-sm ${fetcher.data.stale ? "border-amber-300 bg-amber-50 text-amber-950" : "border-red-200 bg-red-50 text-red-800"}`}>
          <p>{fetcher.data.message}</p>
          {fetcher.data.stale ? (
            <p className="mt-2">
              <a href={`/setlists/${setlist.id}`} className="font-semibold underline">
                Reload the setlist
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        onDragOver={onDragOver}
        onDragEnd={(event) => {
          keyboardTarget.current = null;
          onDragEnd(event);
        }}
        onDragStart={() => {
          crossedBeside.current = null;
          keyboardTarget.current = null;
        }}
        onDragCancel={() => {
          keyboardTarget.current = null;
          setColumns(saved);
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: "To pick up an item, press space or enter. Use the arrow keys to move it, space or enter to drop it, escape to cancel." } }}
      >
        {setlist.sets.map((set) => {
          const ids = columns[container(set.id)] ?? [];
          return (
            // While it saves, the rows' own buttons rest too (the editor's styles, by aria-busy).
            <div key={set.id} aria-busy={saving || undefined}>
              {renderSet(
                set,
                <SortableContext id={container(set.id)} items={ids} strategy={verticalListSortingStrategy} disabled={saving}>
                  <DropList id={container(set.id)} label={`${set.name} running order`} empty={ids.length === 0}>
                    {ids.map((id, index) => {
                      const item = items.get(id);
                      return item ? (
                        <SortableRow key={id} id={id} title={item.title}>
                          {renderItem(item, index, set)}
                        </SortableRow>
                      ) : null;
                    })}
                  </DropList>
                </SortableContext>,
              )}
            </div>
          );
        })}
      </DndContext>
    </>
  );
}

function DropList({ id, label, empty, children }: { id: string; label: string; empty: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <ol ref={setNodeRef} aria-label={label} data-set-list={id} className={`min-h-[3.5rem] divide-y divide-slate-100 ${isOver ? "bg-brand-50" : ""}`}>
      {empty ? <li className="px-4 py-3 text-sm text-slate-600">No songs in this set yet. Drag songs here or add some from the library below.</li> : null}
      {children}
    </ol>
  );
}

function SortableRow({ id, title, children }: { id: number; title: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      id={`item-${id}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 bg-white pl-2 ${isDragging ? "relative z-10 shadow-lg ring-2 ring-brand-600" : ""}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${title}`}
        className="flex min-h-[44px] min-w-[44px] cursor-grab touch-none items-center justify-center rounded-md text-slate-500 print:hidden hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

/**
 * What a person had open, typed and focused in the sets' rows (a song's note, a set's new
 * name, the set a song is to move to), each found again by a path that both drawings of a
 * row share: the nearest id, then form by form the element's kind and place among its kind.
 */
type Held = { open: string[]; values: [string, string][]; focus: string | null; selection: [number, number] | null };

const SETS = 'section[id^="set-"]';
const inSets = (selector: string) => [...document.querySelectorAll(SETS)].flatMap((set) => [...set.querySelectorAll<HTMLElement>(selector)]);

function pathOf(element: Element): string {
  if (element.id) return `#${element.id}`;
  const owner = element.parentElement?.closest("form, [id]");
  if (!owner) return "";
  const peers = [...owner.querySelectorAll(element.tagName)].filter((peer) => peer.parentElement?.closest("form, [id]") === owner);
  return `${pathOf(owner)}/${element.tagName}${peers.indexOf(element)}`;
}

function holdRows(): Held {
  const active = document.activeElement;
  const focused = active && active.closest(SETS) ? active : null;
  return {
    open: inSets("details[open]").map(pathOf),
    values: inSets("input:not([type=hidden]), select").map((field) => [pathOf(field), (field as HTMLInputElement).value]),
    focus: focused ? pathOf(focused) : null,
    selection: focused instanceof HTMLInputElement && focused.selectionStart !== null ? [focused.selectionStart, focused.selectionEnd ?? focused.selectionStart] : null,
  };
}

function giveBack(held: Held) {
  const now = new Map(inSets("details, summary, input:not([type=hidden]), select, button, a").map((element) => [pathOf(element), element]));
  for (const path of held.open) (now.get(path) as HTMLDetailsElement | undefined)?.setAttribute("open", "");
  for (const [path, value] of held.values) {
    const field = now.get(path) as HTMLInputElement | undefined;
    if (field && field.value !== value) field.value = value;
  }
  const focus = held.focus ? now.get(held.focus) : undefined;
  if (focus && document.activeElement !== focus) {
    focus.focus();
    if (held.selection && focus instanceof HTMLInputElement) focus.setSelectionRange(...held.selection);
  }
}

/**
 * The header menu tree (spec 2.7): top-level groups as disclosure widgets (<details>), which
 * open and close by mouse, keyboard and screen reader without any script.
 */
import type { MenuNode } from "../../src/render/menu-tree.js";
import { SmartLink } from "../ui/smart-link.js";

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * The menu path a page's menu marks as current (aria-current), or "" when none is: the only
 * thing the header takes from the page, so pages with the same one share its HTML
 * (src/render/index.ts renders it once per value).
 */
export function currentMenuPath(nodes: readonly MenuNode[], pagePath: string): string {
  const path = normalise(pagePath);
  const find = (list: readonly MenuNode[]): boolean =>
    list.some((node) => (node.path !== "" && normalise(node.path) === path) || find(node.children));
  return find(nodes) ? path : "";
}

function MenuLink({ node, currentPath }: { node: MenuNode; currentPath: string }) {
  const current = node.path !== "" && normalise(node.path) === normalise(currentPath);
  return (
    <SmartLink href={node.path} newWindow={node.openInNewWindow} ariaCurrent={current ? "page" : undefined}>
      {node.label}
    </SmartLink>
  );
}

/** The items of a group; deeper levels nest under their parent's link, so none is lost. */
function MenuChildren({ nodes, currentPath }: { nodes: MenuNode[]; currentPath: string }) {
  return nodes.map((child) => (
    <li key={child.id}>
      {child.path ? (
        <MenuLink node={child} currentPath={currentPath} />
      ) : (
        <span className="menu-label">{child.label}</span>
      )}
      {child.children.length > 0 ? (
        <ul className="menu-group__subitems">
          <MenuChildren nodes={child.children} currentPath={currentPath} />
        </ul>
      ) : null}
    </li>
  ));
}

/**
 * The one menu of the page: a bar of drop-downs from 1024 px, the switch's panel below
 * (site.css). Links, items and a group's summary and list carry no class of their own:
 * `.menu a`, `.menu > li` and `.menu details > summary` style them, a few hundred bytes less on
 * every page.
 */
export function MenuTree({ nodes, currentPath }: { nodes: MenuNode[]; currentPath: string }) {
  return (
    <ul className="menu">
      {nodes.map((node) => (
        <li key={node.id}>
          {node.children.length === 0 ? (
            node.path ? (
              <MenuLink node={node} currentPath={currentPath} />
            ) : (
              <span className="menu-label">{node.label}</span>
            )
          ) : (
            // One name: opening a group closes the one open before (an exclusive accordion,
            // no script), so groups never pile up over each other.
            <details name="meny">
              <summary>{node.label}</summary>
              <ul>
                {node.path ? (
                  <li>
                    <MenuLink node={{ ...node, children: [] }} currentPath={currentPath} />
                  </li>
                ) : null}
                <MenuChildren nodes={node.children} currentPath={currentPath} />
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

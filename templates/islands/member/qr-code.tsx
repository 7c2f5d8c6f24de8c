/**
 * A ticket's QR code drawn as SVG from its qrCode text with the qrcode library's encoder
 * (error correction M, a 4-module quiet zone as the standard asks), as React elements: no
 * HTML strings, so a hostile qrCode value can only become dots. Crisp at any size, so the
 * same drawing serves the card and the full-screen view.
 */
import { useMemo } from "react";
import { create } from "qrcode/lib/core/qrcode.js";

const QUIET = 4;

export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const drawing = useMemo(() => {
    try {
      const modules = create(value, { errorCorrectionLevel: "M" }).modules;
      let path = "";
      for (let row = 0; row < modules.size; row++) {
        for (let col = 0; col < modules.size; col++)
          if (modules.get(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
      return { path, span: modules.size + QUIET * 2 };
    } catch {
      return null;
    }
  }, [value]);
  if (!drawing) return <p className="qr-code__error">QR-koden kan ikke vises. Vis billettnummeret i kassen: {value}</p>;
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${drawing.span} ${drawing.span}`}
      shapeRendering="crispEdges"
    >
      <rect width={drawing.span} height={drawing.span} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}

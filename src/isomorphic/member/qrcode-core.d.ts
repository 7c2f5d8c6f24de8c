/** The encoder of the qrcode package alone (its browser entry also carries canvas and PNG renderers). */
declare module "qrcode/lib/core/qrcode.js" {
  export function create(
    text: string,
    options?: { errorCorrectionLevel?: "L" | "M" | "Q" | "H" },
  ): { modules: { size: number; get(row: number, col: number): number | boolean } };
}

/** Inline stylesheet of the HTML report: the CSP allows inline styles and nothing else. */
export const reportCss = `
:root { color-scheme: light; }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2430; background: #f6f7f9; margin: 0; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 32px 48px; background: #fff; }
h1 { font-size: 24px; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 17px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #e1e4e8; }
h3 { font-size: 15px; margin: 16px 0 4px; overflow-wrap: anywhere; }
.banner { padding: 10px 14px; border-radius: 6px; margin: 12px 0; }
.banner.confident { background: #e3f4e8; border: 1px solid #9bd0ab; }
.banner.unconfirmed { background: #fff4e0; border: 1px solid #f0c36d; }
.banner.progress { background: #e8f0fe; border: 1px solid #a8c1f0; }
.tag.analyst { background: #e8f0fe; color: #1a4fa0; }
.muted { color: #5b6472; }
.tag { display: inline-block; font-size: 12px; padding: 0 6px; border-radius: 10px; background: #fde2e1; color: #a21c1c; margin-left: 6px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; font-size: 13px; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid #e1e4e8; overflow-wrap: anywhere; unicode-bidi: isolate; }
th { background: #f0f2f5; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
ul.evidence, ul.rules { margin: 4px 0 0; padding-left: 20px; }
ul.evidence li, ul.rules li { overflow-wrap: anywhere; white-space: pre-wrap; }
ol.chain li { margin: 3px 0; overflow-wrap: anywhere; }
.graph-box { overflow: auto; border: 1px solid #e1e4e8; border-radius: 6px; padding: 6px; background: #fbfbfc; }
svg.graph text { font: 12px system-ui, sans-serif; fill: #1f2430; }
svg.graph text.node-kind { font-size: 10px; fill: #5b6472; }
img.graph-png { max-width: 100%; border: 1px solid #e1e4e8; border-radius: 6px; }
.no { color: #a21c1c; font-weight: 600; }
`;

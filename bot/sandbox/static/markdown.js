// Discord-flavoured markdown to HTML for the sandbox page: code blocks, inline code, bold, italics,
// underline, strike-through, spoilers, headings, subtext, quotes, lists, links, user/channel/role
// mentions and <t:unix:style> timestamps. Everything is HTML-escaped first; only the tags made here
// reach the page.
"use strict";

const Markdown = (() => {
  function escape(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  function timestamp(seconds, style) {
    const date = new Date(Number(seconds) * 1000);
    const time = { hour: "numeric", minute: "2-digit" };
    const formats = {
      t: () => date.toLocaleTimeString([], time),
      T: () => date.toLocaleTimeString(),
      d: () => date.toLocaleDateString(),
      D: () => date.toLocaleDateString([], { dateStyle: "long" }),
      F: () => date.toLocaleString([], { dateStyle: "full", timeStyle: "short" }),
      R: () => relative(date),
    };
    const text = (formats[style] || (() => date.toLocaleString([], { dateStyle: "long", timeStyle: "short" })))();
    return `<time class="ts" datetime="${date.toISOString()}" title="${escape(date.toLocaleString())}">${escape(text)}</time>`;
  }

  function relative(date) {
    const diff = Math.round((date.getTime() - Date.now()) / 1000);
    const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60]];
    const rtf = new Intl.RelativeTimeFormat([], { numeric: "auto" });
    for (const [unit, size] of units) {
      if (Math.abs(diff) >= size) return rtf.format(Math.round(diff / size), unit);
    }
    return rtf.format(diff, "second");
  }

  // Inline formatting of one escaped line; `names` resolves mentions ({users, channels, roles}).
  // Code spans, mentions and timestamps become placeholders first and are put back last, so the
  // markdown rules never reach inside them; names in mentions come from users and are escaped.
  function inline(text, names) {
    const held = [];
    const hold = (html) => `\u0000${held.push(html) - 1}\u0000`;
    text = text.replace(/`([^`]+)`/g, (_, code) => hold(`<code>${code}</code>`));
    // A backslash before a markdown character shows that character as text, as on Discord.
    text = text.replace(/\\(&lt;|&gt;|&amp;|&quot;|[\\*_~`|#\-[\]()<:.])/g, (_, c) => hold(c));
    text = text
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => hold(mention("@" + (names.users[id] || "unknown-user"), "user", id)))
      .replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => hold(mention("@" + (names.roles[id] || "role"), "role", id)))
      .replace(/&lt;#(\d+)&gt;/g, (_, id) => hold(mention("#" + (names.channels[id] || "unknown-channel"), "channel", id)))
      .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) => hold(timestamp(s, style)))
      .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
      .replace(/__(.+?)__/g, "<u>$1</u>")
      .replace(/(^|[^*])\*([^*\s][^*]*?)\*/g, "$1<em>$2</em>")
      .replace(/(^|\W)_([^_\s][^_]*?)_(?=\W|$)/g, "$1<em>$2</em>")
      .replace(/~~(.+?)~~/g, "<s>$1</s>")
      .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" tabindex="0">$1</span>')
      .replace(/https?:\/\/(?:(?!&lt;|&gt;|&quot;)[^\s<"\u0000])+/g, link);
    return text.replace(/\u0000(\d+)\u0000/g, (_, i) => held[Number(i)]);
  }

  // A bare URL as a link. Trailing punctuation stays text, as on Discord: a final ".", ",", ":",
  // ";", "!", "?" or a ")" that closes no "(" of the URL ("(see https://x.example/a)" links /a).
  function link(url) {
    let tail = "";
    for (;;) {
      const last = url.slice(-1);
      const opens = url.split("(").length, closes = url.split(")").length;
      if (/[.,:;!?'*_~]/.test(last) || (last === ")" && closes > opens)) {
        tail = last + tail;
        url = url.slice(0, -1);
      } else break;
    }
    return `<a href="${url}" target="_blank" rel="noopener">${url}</a>${tail}`;
  }

  function mention(label, kind, id) {
    return `<span class="mention ${kind}" data-id="${escape(String(id))}">${escape(label)}</span>`;
  }

  // Block formatting of text outside code fences.
  function blocks(text, names) {
    const out = [];
    let list = null;
    const flush = () => { if (list) { out.push(`<ul>${list.join("")}</ul>`); list = null; } };
    for (const raw of text.split("\n")) {
      const line = escape(raw);
      let m;
      if ((m = /^\s*[-*] (.*)$/.exec(line)) && !/^-# /.test(line)) {
        (list = list || []).push(`<li>${inline(m[1], names)}</li>`);
        continue;
      }
      flush();
      if ((m = /^(#{1,3}) (.*)$/.exec(line))) out.push(`<h${m[1].length + 2}>${inline(m[2], names)}</h${m[1].length + 2}>`);
      else if ((m = /^-# (.*)$/.exec(line))) out.push(`<div class="subtext">${inline(m[1], names)}</div>`);
      else if ((m = /^&gt; ?(.*)$/.exec(line))) out.push(`<blockquote>${inline(m[1], names)}</blockquote>`);
      else out.push(`<div class="line">${inline(line, names) || "&nbsp;"}</div>`);
    }
    flush();
    return out.join("");
  }

  /** Render Discord markdown `text` to HTML; `names` maps ids to names for mentions. */
  function render(text, names) {
    const parts = (text || "").split(/```/);
    return parts.map((part, i) => {
      if (i % 2 === 1) {
        const body = part.replace(/^[a-z0-9_+-]*\n/i, "");
        return `<pre><code>${escape(body.replace(/\n$/, ""))}</code></pre>`;
      }
      return part.replace(/^\n|\n$/g, "") ? blocks(part.replace(/^\n|\n$/g, ""), names) : "";
    }).join("");
  }

  return { render, escape };
})();

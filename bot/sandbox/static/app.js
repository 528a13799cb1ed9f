// The sandbox page: a small Discord client for the fake Discord's user-side routes (/client/...).
// State lives in `S`; the gateway websocket says when something changed and the page refetches it.
// The server decides what the current user may see: this file never filters hidden information.
"use strict";

const S = {
  user: null,          // current user id (string)
  world: null,         // answer of /client/api/world
  channel: null,       // id of the channel on screen
  stamps: {},          // channel id -> stamp last loaded or seen
  unread: new Set(),   // channel ids with news not yet looked at
  ws: null,
  worldStamp: null,
  entries: [],         // slash commands flattened: {path, name, sub, description, options}
  form: null,          // the command being filled in
  menuIndex: 0,
};
const $ = (sel) => document.querySelector(sel);
const esc = (t) => Markdown.escape(String(t ?? ""));

// ---- talking to the fake ---------------------------------------------------------------------

async function api(path, body) {
  const init = { headers: { "X-Fake-User": S.user } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch("/client/api" + path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || `${response.status} ${response.statusText}`);
  return data;
}

function toast(text, kind = "error") {
  const box = $("#toast");
  box.textContent = text;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

async function act(path, body) {
  try {
    const answer = await api(path, body);
    if (answer.ok === false) toast(answer.error);
    return answer;
  } catch (err) {
    toast(err.message);
    return null;
  }
}

function connect() {
  if (S.ws) { S.ws.onclose = null; S.ws.close(); }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/client/gateway?user=${S.user}`);
  S.ws = ws;
  ws.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    if (frame.t === "STATE") onState(frame.d);
  };
  ws.onclose = () => { if (S.ws === ws) setTimeout(connect, 1000); };
}

async function onState(state) {
  setBotStatus(state.bot_online);
  if (state.world !== S.worldStamp) {
    S.worldStamp = state.world;
    await loadWorld();
  }
  for (const [id, stamp] of Object.entries(state.channels)) {
    if (S.stamps[id] === stamp) continue;
    const fresh = S.stamps[id] !== undefined || id === S.world?.dm?.id;
    S.stamps[id] = stamp;
    if (id === S.channel) await loadMessages();
    else if (fresh && stamp.split(".")[0] !== "0") S.unread.add(id);
  }
  renderChannels();
}

function setBotStatus(online) {
  const badge = $("#bot-status");
  if (badge.classList.contains("restarting") && !online) return;
  badge.className = online ? "online" : "offline";
  badge.textContent = online ? "bot online" : "bot offline";
}

// ---- world, channels, users ------------------------------------------------------------------

async function loadWorld() {
  S.world = await api("/world");
  const names = { users: {}, channels: {}, roles: {} };
  for (const u of S.world.users) names.users[u.id] = u.display;
  for (const c of S.world.channels) names.channels[c.id] = c.name;
  for (const r of S.world.roles || []) names.roles[r.id] = r.name;
  names.channels[S.world.dm.id] = S.world.bot.display;
  S.names = names;
  $("#guild-name").textContent = S.world.guild.name;
  setCommands();
  renderUsers();
  if (!S.channel || !knownChannel(S.channel)) {
    const first = S.world.channels.find((c) => c.name === "battles") || S.world.channels[0];
    await openChannel(first.id);
  } else {
    renderChannels();
  }
}

// The commands the composer offers: a DM offers only the bot's global commands, as Discord does.
function setCommands() {
  const inDm = S.world && S.channel === S.world.dm.id;
  S.entries = flattenCommands(inDm ? S.world.dm_commands : S.world.commands);
}

function knownChannel(id) {
  return id === S.world.dm.id || S.world.channels.some((c) => c.id === id);
}

function channelInfo(id) {
  if (S.world && id === S.world.dm.id) return S.world.dm;
  return S.world?.channels.find((c) => c.id === id);
}

function renderUsers() {
  const select = $("#user-switcher");
  const players = S.world.users.filter((u) => !u.bot && u.name !== "app-owner");
  select.innerHTML = players.map((u) => `<option value="${u.id}">${esc(u.display)}</option>`).join("");
  select.value = S.user;
  paintAvatar($("#me-avatar"), S.world.me);
}

function paintAvatar(node, user) {
  node.textContent = (user.display || user.name).slice(0, 1).toUpperCase();
  node.style.background = user.bot ? "var(--brand)" : `hsl(${hue(user.id)} 55% 45%)`;
}

function hue(id) {
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

function renderChannels() {
  if (!S.world) return;
  const list = $("#channel-list");
  const text = S.world.channels.filter((c) => c.kind === "text").sort((a, b) => a.position - b.position);
  const threads = S.world.channels.filter((c) => c.kind === "thread" && !c.archived);
  const item = (c, label, cls) => {
    const classes = ["channel", cls, c.id === S.channel ? "active" : "", S.unread.has(c.id) ? "unread" : ""];
    return `<button type="button" class="${classes.join(" ")}" data-id="${c.id}">${label}</button>`;
  };
  let html = `<div class="section">Text channels</div>`;
  for (const c of text) {
    html += item(c, `<span class="hash">#</span>${esc(c.name)}`, "text");
    for (const t of threads.filter((t) => t.parent_id === c.id)) {
      html += item(t, `<span class="thread-mark">└</span>${esc(t.name)}`, "thread");
    }
  }
  const dm = S.world.dm;
  html += `<div class="section">Direct messages</div>`;
  html += item(dm, `<span class="avatar small" style="background:var(--brand)">R</span>${esc(dm.name)}`, "dm");
  list.innerHTML = html;
}

async function openChannel(id) {
  // A command form belongs to the channel it was opened in: another channel shows its own composer.
  if (S.form && id !== S.channel) closeCommand();
  S.channel = id;
  S.unread.delete(id);
  const info = channelInfo(id);
  const title = info.kind === "dm" ? `@ ${info.name}` : info.kind === "thread" ? `🧵 ${info.name}` : `# ${info.name}`;
  $("#chat-title").textContent = title;
  $("#chat-topic").textContent = info.kind === "dm"
    ? `Your private messages with ${info.name}: only you see them.`
    : info.kind === "thread" ? "A thread of the match" : "";
  $("#composer").placeholder = info.kind === "dm" ? `Message @${info.name}` : `Message #${info.name} (type / for the bot's commands)`;
  setCommands();
  renderChannels();
  await loadMessages();
}

async function switchUser(id) {
  S.user = id;
  S.stamps = {};
  S.unread.clear();
  S.worldStamp = null;
  const url = new URL(location.href);
  url.searchParams.set("user", S.world?.users.find((u) => u.id === id)?.name || new URL(location.href).searchParams.get("user") || id);
  history.replaceState(null, "", url);
  closeCommand();
  if (S.channel === S.world?.dm?.id) S.channel = null;  // another user has another DM channel
  await loadWorld();
  await loadMessages();
  connect();
}

// ---- messages --------------------------------------------------------------------------------

async function loadMessages() {
  if (!S.channel) return;
  const wanted = S.channel;
  let messages;
  try {
    messages = await api(`/channels/${wanted}/messages`);
  } catch (err) {
    toast(err.message);
    return;
  }
  if (wanted !== S.channel) return;
  const box = $("#messages");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  // Messages that did not change keep their element (no image reloads, no menu reset mid-use).
  const kept = S.rendered && S.rendered.channel === wanted ? S.rendered.nodes : new Map();
  const nodes = new Map();
  let previous = null;
  for (const m of messages) {
    const signature = JSON.stringify([m, sameGroup(m, previous)]);
    const old = kept.get(m.id);
    nodes.set(m.id, old && old.signature === signature ? old : { signature, node: renderMessage(m, previous) });
    previous = m;
  }
  S.rendered = { channel: wanted, nodes };
  if (messages.length) box.replaceChildren(...[...nodes.values()].map((entry) => entry.node));
  else box.innerHTML = emptyChannel();
  if (atBottom || !loadMessages.seen?.has(wanted)) box.scrollTop = box.scrollHeight;
  (loadMessages.seen ||= new Set()).add(wanted);
}

function emptyChannel() {
  const info = channelInfo(S.channel);
  if (info.kind === "dm") {
    return `<div class="empty"><h2>Your DMs with ${esc(info.name)}</h2><p>Each round the referee sends you menus here to place your secret Order Markers.</p></div>`;
  }
  return `<div class="empty"><h2>Welcome to #${esc(info.name)}!</h2>
    <p>Start a match: type <kbd>/</kbd> and pick <b>/match new</b>. Then switch to another player (bottom left)
    and <b>/match join</b>, choose armies with <b>/army set</b>, and <b>/match start</b>.</p></div>`;
}

function sameGroup(m, previous) {
  return previous && !m.interaction && !previous.ephemeral && !m.ephemeral && previous.author.id === m.author.id &&
    Date.parse(m.timestamp) - Date.parse(previous.timestamp) < 5 * 60 * 1000;
}

function renderMessage(m, previous) {
  const node = document.createElement("article");
  node.className = "message" + (m.ephemeral ? " ephemeral" : "") + (sameGroup(m, previous) ? " grouped" : "");
  node.dataset.id = m.id;
  let html = "";
  if (m.interaction) {
    const who = S.names.users[m.interaction.user_id] || "someone";
    const what = m.interaction.command ? ` used <span class="cmd">${esc(m.interaction.command)}</span>`
      : ` chose <span class="cmd">${esc(m.interaction.component)}</span>`;
    html += `<div class="reply-line"><span class="mention user">@${esc(who)}</span>${what}</div>`;
  }
  const when = new Date(m.timestamp);
  html += `<div class="avatar-slot"></div><div class="body">`;
  html += `<div class="head"><span class="author${m.author.bot ? " bot" : ""}">${esc(m.author.display)}</span>`;
  if (m.author.bot) html += `<span class="app-tag">APP</span>`;
  html += `<time class="when" title="${esc(when.toLocaleString())}">Today at ${esc(when.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" }))}</time></div>`;
  if (m.loading) html += `<div class="content thinking">${esc(m.author.display)} is thinking<span class="dots">…</span></div>`;
  else html += `<div class="content">${Markdown.render(m.content, S.names)}</div>`;
  for (const e of m.embeds || []) html += renderEmbed(e);
  if (m.attachments.length) {
    html += `<div class="attachments">` + m.attachments.map((a) => a.content_type.startsWith("image/")
      ? `<a href="${a.url}" target="_blank"><img src="${a.url}" alt="${esc(a.description || a.filename)}" loading="lazy"${a.width ? ` width="${a.width}" height="${a.height}"` : ""}></a>`
      : `<a class="file" href="${a.url}" target="_blank">📎 ${esc(a.filename)}</a>`).join("") + `</div>`;
  }
  html += `<div class="components"></div>`;
  if (m.ephemeral) html += `<div class="ephemeral-note">👁 Only you can see this · <button type="button" class="dismiss">Dismiss message</button></div>`;
  html += `</div>`;
  node.innerHTML = html;
  paintAvatar(node.querySelector(".avatar-slot").appendChild(Object.assign(document.createElement("span"), { className: "avatar" })), m.author);
  if (m.edited && !m.loading) {
    const content = node.querySelector(".content");
    (content.lastElementChild || content).insertAdjacentHTML("beforeend", '<span class="edited">(edited)</span>');
  }
  renderComponents(node.querySelector(".components"), m);
  node.querySelector(".dismiss")?.addEventListener("click", () => node.remove());
  return node;
}

function renderEmbed(e) {
  const color = e.color != null ? `#${e.color.toString(16).padStart(6, "0")}` : "var(--line)";
  let html = `<div class="embed" style="border-color:${color}">`;
  if (e.title) html += `<div class="embed-title">${Markdown.render(e.title, S.names)}</div>`;
  if (e.description) html += `<div class="embed-desc">${Markdown.render(e.description, S.names)}</div>`;
  for (const f of e.fields || []) html += `<div class="embed-field"><b>${esc(f.name)}</b>${Markdown.render(String(f.value), S.names)}</div>`;
  if (e.footer?.text) html += `<div class="embed-footer">${esc(e.footer.text)}</div>`;
  return html + `</div>`;
}

const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link" };

function renderComponents(box, m) {
  for (const row of m.components || []) {
    const line = document.createElement("div");
    line.className = "row";
    for (const c of row.type === 1 ? row.components : [row]) {
      if (c.type === 2) line.appendChild(renderButton(c, m));
      else if (c.type === 3) line.appendChild(renderSelect(c, m));
      else if (c.type === 10) line.insertAdjacentHTML("beforeend", `<div class="content">${Markdown.render(c.content, S.names)}</div>`);
    }
    box.appendChild(line);
  }
}

function renderButton(c, m) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `btn ${BUTTON_STYLES[c.style] || "secondary"}`;
  button.disabled = !!c.disabled;
  button.dataset.customId = c.custom_id || "";
  button.innerHTML = `${c.emoji?.name ? `<span class="emoji">${esc(c.emoji.name)}</span>` : ""}${esc(c.label || "")}`;
  if (c.style === 5) {
    button.addEventListener("click", () => window.open(c.url, "_blank", "noopener"));
    return button;
  }
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.classList.add("busy");
    await act("/components", { message_id: m.id, custom_id: c.custom_id });
    button.classList.remove("busy");
    button.disabled = !!c.disabled;
  });
  return button;
}

function renderSelect(c, m) {
  const select = document.createElement("select");
  select.className = "menu";
  select.dataset.customId = c.custom_id;
  select.disabled = !!c.disabled;
  select.title = c.placeholder || "";
  select.multiple = (c.max_values || 1) > 1;
  const chosen = (c.options || []).filter((o) => o.default);
  let html = chosen.length || select.multiple ? "" : `<option value="" disabled selected>${esc(c.placeholder || "Make a selection")}</option>`;
  for (const o of c.options || []) {
    const extra = o.description && o.description !== o.label ? ` — ${o.description}` : "";
    const label = `${o.emoji?.name ? o.emoji.name + " " : ""}${o.label}${extra}`;
    html += `<option value="${esc(o.value)}"${o.default ? " selected" : ""}>${esc(label)}</option>`;
  }
  select.innerHTML = html;
  select.addEventListener("change", async () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter((v) => v !== "");
    select.disabled = true;
    await act("/components", { message_id: m.id, custom_id: c.custom_id, values });
    select.disabled = !!c.disabled;
  });
  return select;
}

// ---- slash commands --------------------------------------------------------------------------

function flattenCommands(commands) {
  const out = [];
  const walk = (command, words, node) => {
    const subs = (node.options || []).filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) {
      out.push({ path: words.join(" "), name: command.name, sub: words.slice(1).join(" ") || null,
        description: node.description || command.description, options: node.options || [] });
      return;
    }
    for (const s of subs) walk(command, [...words, s.name], s);
  };
  for (const c of commands) walk(c, [c.name], c);
  return out;
}

function onComposerInput() {
  const text = $("#composer").value;
  const menu = $("#command-menu");
  if (!text.startsWith("/")) { menu.hidden = true; return; }
  const query = text.slice(1).trim().toLowerCase();
  const found = S.entries.filter((e) => e.path.includes(query)).slice(0, 30);
  S.menuIndex = Math.min(S.menuIndex, Math.max(found.length - 1, 0));
  if (!S.entries.length && S.channel === S.world.dm.id) {
    menu.innerHTML = `<div class="menu-empty">The referee's commands work in the server's channels, not in DMs.</div>`;
  } else if (!S.entries.length) {
    menu.innerHTML = `<div class="menu-empty">The bot has not registered its commands yet (is it online?).</div>`;
  } else if (!found.length) {
    menu.innerHTML = `<div class="menu-empty">No command matches “/${esc(query)}”.</div>`;
  } else {
    menu.innerHTML = `<div class="menu-title">Commands of ${esc(S.world.bot.display)}</div>` + found.map((e, i) =>
      `<button type="button" class="command-item${i === S.menuIndex ? " selected" : ""}" data-command="${esc(e.path)}">` +
      `<span class="cmd">/${esc(e.path)}</span><span class="desc">${esc(e.description)}</span></button>`).join("");
  }
  menu.hidden = false;
}

function openCommand(path) {
  const entry = S.entries.find((e) => e.path === path);
  if (!entry) return;
  S.form = entry;
  $("#command-menu").hidden = true;
  $("#composer-row").hidden = true;
  const form = $("#command-form");
  let html = `<div class="form-head"><span class="cmd">/${esc(entry.path)}</span><span class="desc">${esc(entry.description)}</span>` +
    `<span class="spacer"></span><button type="button" class="cancel" title="Escape">Cancel</button>` +
    `<button type="submit" class="btn primary send">Send</button></div><div class="fields">`;
  const options = [...entry.options].sort((a, b) => Number(!!b.required) - Number(!!a.required));
  for (const o of options) {
    html += `<label class="field${o.required ? " required" : ""}" title="${esc(o.description)}"><span class="name">${esc(o.name)}</span>`;
    if (o.choices?.length) {
      html += `<select data-option="${esc(o.name)}"><option value=""></option>` +
        o.choices.map((c) => `<option value="${esc(c.value)}">${esc(c.name)}</option>`).join("") + `</select>`;
    } else if (o.type === 5) {
      html += `<select data-option="${esc(o.name)}"><option value=""></option><option>true</option><option>false</option></select>`;
    } else if (o.type === 6) {
      html += `<select data-option="${esc(o.name)}"><option value=""></option>` + S.world.users.filter((u) => !u.bot)
        .map((u) => `<option value="${u.id}">${esc(u.display)}</option>`).join("") + `</select>`;
    } else if (o.type === 8) {
      // A role option: the server's roles, as Discord's role picker offers them.
      html += `<select data-option="${esc(o.name)}"><option value=""></option>` + (S.world.roles || [])
        .map((r) => `<option value="${r.id}">${esc(r.name)}</option>`).join("") + `</select>`;
    } else if (o.type === 11) {
      // An attachment option: a file picker; the file is uploaded when the command is sent.
      html += `<input type="file" data-option="${esc(o.name)}" data-type="11">`;
    } else {
      const kind = o.type === 4 || o.type === 10 ? "number" : "text";
      html += `<input type="${kind}" data-option="${esc(o.name)}" data-type="${o.type}"${o.autocomplete ? " data-autocomplete" : ""} placeholder="${esc(o.description)}">`;
      if (o.autocomplete) html += `<div class="ac-list" hidden></div>`;
    }
    html += `</label>`;
  }
  if (!options.length) html += `<div class="no-options">No options: press Enter or Send.</div>`;
  form.innerHTML = html + `</div>`;
  form.hidden = false;
  const box = $("#messages");
  box.scrollTop = box.scrollHeight;  // the form is taller than the message box: keep the newest in view
  form.querySelector(".cancel").addEventListener("click", closeCommand);
  for (const input of form.querySelectorAll("input[data-autocomplete]")) wireAutocomplete(input);
  // Focused after the autocomplete is wired, so its focus handler asks the bot at once.
  const first = form.querySelector("[data-option]");
  (first || form.querySelector(".send")).focus();
}

function closeCommand() {
  S.form = null;
  $("#command-form").hidden = true;
  $("#command-form").innerHTML = "";
  $("#composer-row").hidden = false;
  $("#composer").value = "";
  $("#command-menu").hidden = true;
  $("#composer").focus();
}

function optionValues(except) {
  const values = {};
  for (const input of $("#command-form").querySelectorAll("[data-option]")) {
    if (input === except || input.type === "file") continue;  // files go up on send (uploadFiles)
    const value = input.dataset.value ?? input.value;
    if (value !== "") values[input.dataset.option] = value;
  }
  return values;
}

function wireAutocomplete(input) {
  const list = input.parentElement.querySelector(".ac-list");
  let timer = null;
  let asked = 0;
  const ask = async () => {
    const ticket = ++asked;
    const entry = S.form;
    if (!entry) return;  // the command was sent or cancelled meanwhile
    const options = optionValues(input);
    options[input.dataset.option] = input.value;
    const answer = await api("/autocomplete", { channel_id: S.channel, name: entry.name, subcommand: entry.sub,
      options, focused: input.dataset.option }).catch((err) => ({ choices: [], error: err.message }));
    if (ticket !== asked || S.form !== entry) return;
    const choices = answer.choices || [];
    const signature = JSON.stringify([choices, answer.error]);
    if (list.dataset.signature === signature) { list.hidden = document.activeElement !== input; return; }
    list.dataset.signature = signature;  // same answer: keep the list as it is (no flicker under the mouse)
    list.innerHTML = choices.length
      ? choices.map((c) => `<button type="button" class="ac-choice" data-value="${esc(c.value)}">${esc(c.name)}</button>`).join("")
      : `<div class="ac-empty">${esc(answer.error || "Nothing to offer: type freely.")}</div>`;
    list.hidden = document.activeElement !== input;
  };
  input.addEventListener("input", () => {
    delete input.dataset.value;
    clearTimeout(timer);
    timer = setTimeout(ask, 150);
  });
  input.addEventListener("focus", ask);
  input.addEventListener("blur", () => setTimeout(() => { list.hidden = true; }, 150));
  // Arrow keys walk the suggestions; Enter takes the highlighted one (else it sends the command).
  input.addEventListener("keydown", (event) => {
    const items = [...list.querySelectorAll(".ac-choice")];
    if (list.hidden || !items.length) return;
    const at = items.findIndex((item) => item.classList.contains("selected"));
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = (at + (event.key === "ArrowDown" ? 1 : items.length - 1 + (at < 0 ? 1 : 0))) % items.length;
      items.forEach((item, i) => item.classList.toggle("selected", i === next));
      items[next].scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter" && at >= 0) {
      event.preventDefault();
      choose(items[at]);
    }
  });
  list.addEventListener("mousedown", (event) => {
    const choice = event.target.closest(".ac-choice");
    if (!choice) return;
    event.preventDefault();
    choose(choice);
  });
  function choose(choice) {
    input.value = choice.textContent;
    input.dataset.value = choice.dataset.value;
    list.hidden = true;
    const fields = [...$("#command-form").querySelectorAll("[data-option]")];
    const next = fields[fields.indexOf(input) + 1];
    (next || $("#command-form .send")).focus();
  }
}

async function sendCommand(event) {
  event.preventDefault();
  const entry = S.form;
  if (!entry) return;
  const send = $("#command-form .send");
  send.disabled = true;
  const options = optionValues();
  const uploaded = await uploadFiles(options);
  const answer = uploaded && await act("/commands", { channel_id: S.channel, name: entry.name, subcommand: entry.sub, options });
  send.disabled = false;
  if (answer) closeCommand();
}

// Upload the chosen file of each attachment option, as a Discord client does before sending the
// command; the option's value becomes the upload's id. False (and a toast) when an upload is refused.
async function uploadFiles(options) {
  for (const input of $("#command-form").querySelectorAll("input[type=file][data-option]")) {
    const file = input.files[0];
    if (!file) continue;
    try {
      const response = await fetch(`/client/api/uploads?filename=${encodeURIComponent(file.name)}`,
        { method: "POST", headers: { "X-Fake-User": S.user }, body: file });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(data.message || `${response.status} ${response.statusText}`);
      options[input.dataset.option] = data.id;
    } catch (err) {
      toast(err.message);
      return false;
    }
  }
  return true;
}

async function sendText() {
  const input = $("#composer");
  const text = input.value.trim();
  if (!text) return;
  if (text.startsWith("/")) {
    const first = $("#command-menu .command-item.selected") || $("#command-menu .command-item");
    if (first) openCommand(first.dataset.command);
    return;
  }
  input.value = "";
  await act(`/channels/${S.channel}/messages`, { content: text });
}

// ---- wiring ----------------------------------------------------------------------------------

function wire() {
  $("#channel-list").addEventListener("click", (event) => {
    const button = event.target.closest(".channel");
    if (button) openChannel(button.dataset.id);
  });
  $("#user-switcher").addEventListener("change", (event) => switchUser(event.target.value));
  $("#restart").addEventListener("click", async () => {
    const badge = $("#bot-status");
    badge.className = "restarting";
    badge.textContent = "bot restarting…";
    $("#restart").disabled = true;
    const answer = await act("/restart", {});
    $("#restart").disabled = false;
    badge.classList.remove("restarting");
    setBotStatus(!!answer);
    if (answer) toast("The bot restarted: matches restored from its database.", "info");
  });
  const composer = $("#composer");
  composer.addEventListener("input", () => { S.menuIndex = 0; onComposerInput(); });
  composer.addEventListener("keydown", (event) => {
    const items = [...document.querySelectorAll("#command-menu .command-item")];
    if (event.key === "Enter") { event.preventDefault(); sendText(); }
    else if (event.key === "Escape") { composer.value = ""; $("#command-menu").hidden = true; }
    else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && items.length) {
      event.preventDefault();
      S.menuIndex = (S.menuIndex + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      onComposerInput();
    }
  });
  $("#command-menu").addEventListener("click", (event) => {
    const item = event.target.closest(".command-item");
    if (item) openCommand(item.dataset.command);
  });
  $("#command-form").addEventListener("submit", sendCommand);
  $("#command-form").addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeCommand();
  });
}

async function start() {
  wire();
  const wanted = new URL(location.href).searchParams.get("user") || "alice";
  S.user = await firstUser(wanted);
  await switchUser(S.user);
}

// The user named in the address (?user=bob), or the first player.
async function firstUser(wanted) {
  const response = await fetch("/client/api/players");
  const players = response.ok ? await response.json() : [];
  const found = players.find((u) => u.name === wanted || u.id === wanted) || players[0];
  return found ? found.id : "";
}

start();

// The board page: read-only. It listens on the /live WebSocket and redraws
// what changed; it never sends anything. Game text goes in as text (never as
// markup); the board picture comes from the host as SVG it built itself.
"use strict";

const WAITING = {
  roll: "to roll the die",
  move: "to choose where to move",
  jump: "to choose whether to jump",
  pick: "to choose a category",
  category: "to choose a category",
  answer: "to answer",
  claims: "to say who claims the question",
  steal: "to say who steals",
};
const CAPTIONS_SHOWN = 300;

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function chip(category) {
  const node = element("span", category.symbol, "chip");
  node.style.background = category.fill;
  node.style.color = category.ink;
  node.setAttribute("aria-hidden", "true");
  return node;
}

function chipped(category, text) {
  return [chip(category), document.createTextNode(" " + text)];
}

function categoryLine(target, category) {
  target.replaceChildren(...chipped(category, category.name));
}

function showState(view) {
  if (!view) return;
  document.getElementById("title").textContent = "Trivial Pursuit: " + view.title;
  document.getElementById("board").innerHTML = view.svg;
  showLegend(view.categories);
  showSides(view);
  showTurn(view);
  showQuestion(view.question);
  showRuling(view.ruling);
}

function showLegend(categories) {
  const legend = document.getElementById("legend");
  legend.replaceChildren(...categories.map((category) => {
    const item = element("li");
    categoryLine(item, category);
    item.append(" (" + category.colour + ")");
    return item;
  }));
}

function showSides(view) {
  const list = document.getElementById("sides");
  list.replaceChildren(...view.sides.map((side) => {
    const item = element("li", undefined, side.turn ? "side turn" : "side");
    item.dataset.side = side.name;
    const name = element("p");
    name.append(element("span", String(side.number), "side-number"),
                element("span", side.name, "side-name"));
    if (side.members.length > 1 || side.members[0] !== side.name) {
      name.append(" (" + side.members.join(", ") + ")");
    }
    if (side.turn) name.append(element("strong", " — to play"));
    item.append(name, element("p", side.where));
    const wedges = element("p", "Wedges: ", "wedges");
    if (side.wedges.length === 0) wedges.append("none yet");
    side.wedges.forEach((wedge, index) => {
      wedges.append(...chipped(wedge, wedge.name + (index < side.wedges.length - 1 ? ", " : "")));
    });
    wedges.append(" (" + side.wedges.length + " of 6)");
    item.append(wedges);
    if (view.tokens) item.append(element("p", "Steal tokens: " + side.tokens));
    if (side.ruby) item.append(element("p", "Holds the Ruby."));
    return item;
  }));
}

function showTurn(view) {
  const turn = document.getElementById("turn");
  if (view.over) {
    turn.textContent = view.winners.length
      ? "Game over. Won by " + view.winners.join(" and ") + "."
      : "Game over.";
  } else if (view.turn) {
    turn.textContent = view.turn + "’s turn, " + (WAITING[view.waiting_for] || "to play") + ".";
  }
  const roll = document.getElementById("roll");
  roll.hidden = !view.roll;
  roll.textContent = view.roll ? view.roll.side + " rolled a " + view.roll.value + "." : "";
}

function showQuestion(question) {
  const box = document.getElementById("question");
  box.hidden = !question;
  if (!question) return;
  categoryLine(document.getElementById("question-category"), question);
  document.getElementById("question-text").textContent = question.text;
}

function showRuling(ruling) {
  const box = document.getElementById("ruling");
  box.hidden = !ruling;
  if (!ruling) return;
  document.getElementById("ruling-verdict").textContent =
    (ruling.side ? ruling.side + ": " : "") + (ruling.correct ? "right ✓" : "wrong ✗");
  const question = document.getElementById("ruling-question");
  question.replaceChildren(...chipped(ruling, ruling.name + ": " + ruling.text));
  document.getElementById("ruling-answer").textContent = "The answer: " + ruling.answer;
}

function addCaption(caption) {
  const list = document.getElementById("captions");
  const item = element("p", undefined, caption.kind);
  const who = { said: "Host: ", heard: "Heard: " }[caption.kind] || "";
  if (who) item.append(element("span", who, "who"));
  item.append(caption.text);
  list.append(item);
  while (list.children.length > CAPTIONS_SHOWN) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

function connect(attempt) {
  const status = document.getElementById("connection");
  const token = new URLSearchParams(location.search).get("token");
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const url = scheme + location.host + "/live" + (token ? "?token=" + encodeURIComponent(token) : "");
  const socket = new WebSocket(url);
  socket.onopen = () => {
    status.textContent = "Following the game live.";
    status.className = "";
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "snapshot") {
      document.getElementById("captions").replaceChildren();
      message.data.captions.forEach(addCaption);
      showState(message.data.state);
    } else if (message.type === "state") {
      showState(message.data);
    } else if (message.type === "caption") {
      addCaption(message.data);
    }
    document.body.dataset.seq = String(message.seq);
  };
  socket.onclose = () => {
    status.textContent = "Not connected: the game has stopped, or is not running. Trying again…";
    status.className = "lost";
    setTimeout(() => connect(attempt + 1), Math.min(10000, 1000 * (attempt + 1)));
  };
}

document.addEventListener("DOMContentLoaded", () => connect(0));

// Local stand-in for the dealer's chat widget (SPEC §2 "a chat widget opened through a
// page-level function"), served from the dealer's assets so previews never leave the machine.
// It defines window.ForecourtChatWidget.open(hints) as runtime/services/chat.ts expects, drains
// the hints queued before it loaded, and shows a small panel naming the car asked about.
(function () {
  var opened = [];
  function open(hints) {
    opened.push(hints || {});
    var panel = document.getElementById('sample-chat-panel');
    if (!panel) {
      panel = document.createElement('div');
      panel.id = 'sample-chat-panel';
      panel.setAttribute('role', 'dialog');
      panel.setAttribute('aria-label', 'Chat');
      panel.style.cssText = 'position:fixed;right:1rem;bottom:1rem;max-width:20rem;padding:1rem;background:#fff;border:1px solid #ccc;z-index:1000';
      document.body.appendChild(panel);
    }
    panel.textContent = 'Chat with Swan River Toyota' + (hints && hints.car_name ? " about " + hints.car_name : '');
  }
  window.ForecourtChatWidget = { open: open, opened: opened };
  var queued = window.forecourtChatQueue || [];
  for (var i = 0; i < queued.length; i++) open(queued[i]);
})();

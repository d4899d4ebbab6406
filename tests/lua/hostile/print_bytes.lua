-- Bytes that are not text, and terminal controls.
function choose(g, m) while true do print("\255\254\27[2J\27]0;owned\7\r\0") end end
